#!/usr/bin/env node
// `encore-server`: the backend configured from the environment, as `npm run server` starts it.
import './main.ts';
