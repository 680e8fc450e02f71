#!/usr/bin/env node
// `encore-key-holder`: the key holder, or a change to its key file (see main.ts).
import './main.ts';
