import { suggestMnemonicWords } from '@encore-wallet/core';
import type { JSX } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { enterWords, phraseProblem, wordState } from './phrase-words.ts';

export interface PhraseInputsProps {
  words: readonly string[];
  onChange: (words: string[]) => void;
  disabled?: boolean;
}

/**
 * Twelve word fields with suggestions from the BIP-39 English list. The first field
 * (`restore-phrase`) also takes the whole phrase pasted; space or Enter completes a word from
 * its first suggestion and moves on.
 */
export function PhraseInputs(props: PhraseInputsProps): JSX.Element {
  const [focused, setFocused] = useState<number | null>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const current = focused === null ? '' : (props.words[focused] ?? '');
  const suggestions =
    focused !== null && wordState(current) !== 'word' ? suggestMnemonicWords(current, 4) : [];
  const problem = phraseProblem(props.words, focused);

  function accept(index: number, word: string): void {
    const next = [...props.words];
    next[index] = word;
    props.onChange(next);
    inputs.current[index + 1]?.focus();
  }

  function onKeyDown(index: number, event: KeyboardEvent): void {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    const word = props.words[index] ?? '';
    const first = suggestMnemonicWords(word, 1)[0];
    if (wordState(word) === 'partial' && first) {
      event.preventDefault();
      accept(index, first);
    } else if (event.key === ' ') {
      event.preventDefault();
      inputs.current[index + 1]?.focus();
    }
  }

  return (
    <fieldset class="field phrase-fieldset" disabled={props.disabled}>
      <legend class="field-label">Recovery phrase</legend>
      <div class="phrase-grid">
        {props.words.map((word, i) => {
          const state = wordState(word);
          const invalid = state === 'unknown' || (state === 'partial' && i !== focused);
          return (
            <label class="phrase-cell" key={i}>
              <span class="phrase-number">{i + 1}</span>
              <input
                ref={(el) => {
                  inputs.current[i] = el;
                }}
                class="field-input phrase-input"
                value={word}
                data-testid={i === 0 ? 'restore-phrase' : `restore-word-${i + 1}`}
                aria-label={`Word ${i + 1}`}
                aria-invalid={invalid ? 'true' : undefined}
                autoComplete="off"
                autoCapitalize="off"
                spellcheck={false}
                onFocus={() => setFocused(i)}
                onBlur={() => setFocused((f) => (f === i ? null : f))}
                onKeyDown={(event) => onKeyDown(i, event)}
                onInput={(event) =>
                  props.onChange(enterWords(props.words, i, event.currentTarget.value))
                }
              />
            </label>
          );
        })}
      </div>
      {suggestions.length > 0 && focused !== null ? (
        <div class="suggestions" role="listbox" aria-label="Suggested words">
          {suggestions.map((word) => (
            <button
              type="button"
              role="option"
              aria-selected="false"
              class="btn btn-secondary btn-sm"
              key={word}
              // Keep the field focused: a blur would mark the unfinished word as wrong.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => accept(focused, word)}
            >
              {word}
            </button>
          ))}
        </div>
      ) : null}
      {problem ? (
        <p class="field-error" data-testid="phrase-error" role="alert">
          {problem}
        </p>
      ) : (
        <p class="field-hint">Type or paste the 12 words, in order.</p>
      )}
    </fieldset>
  );
}
