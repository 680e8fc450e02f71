// EIP-6963 wants a data URI; an inline SVG keeps the injected script small.
const svg =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 96 96'><rect width='96' height='96' rx='22' fill='#6d28d9'/><path d='M38 24v36.5a10 10 0 1 0 6 9.2V40l24-5v19.5a10 10 0 1 0 6 9.2V18z' fill='#fff'/></svg>";

export const ENCORE_ICON = `data:image/svg+xml,${encodeURIComponent(svg)}`;
