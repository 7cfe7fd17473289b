/** The glob Locus gives bash-language-server: the recognised extension-less scripts by name, user settings first. */
import { describe, expect, it } from 'vitest';
import {
  BASH_DEFAULT_GLOB,
  MAX_LISTED_SCRIPTS,
  bashScriptSettings,
} from '../../src/lsp/servers/bash-glob.js';

const glob = (settings: Record<string, unknown> | undefined) =>
  (settings?.bashIde as Record<string, unknown> | undefined)?.globPattern;

describe('bashScriptSettings', () => {
  it('adds the scripts by name to the default extensions and keeps hidden folders skipped', () => {
    const settings = bashScriptSettings(['bin/deploy', 'completions/ssh'], {});
    expect(glob(settings)).toBe(`{${BASH_DEFAULT_GLOB},bin/deploy,completions/ssh}`);
    expect((settings?.bashIde as Record<string, unknown>).backgroundAnalysisIgnore).toContain('**/.*/**');
  });

  it('adds nothing without scripts, and leaves out paths a glob would misread', () => {
    expect(bashScriptSettings([], {})).toBeUndefined();
    expect(bashScriptSettings(['a{b', 'x*y', 'c,d'], {})).toBeUndefined();
  });

  it('walks hidden folders when a script lives in one', () => {
    const settings = bashScriptSettings(['.github/run'], {});
    expect(glob(settings)).toBe(`{${BASH_DEFAULT_GLOB},.github/run}`);
    expect((settings?.bashIde as Record<string, unknown>).backgroundAnalysisIgnore).toBeUndefined();
  });

  it('names at most the server cap of scripts (or the configured one)', () => {
    const many = Array.from({ length: 2000 }, (_, i) => `bin/s${String(i).padStart(4, '0')}`);
    const listed = (s: Record<string, unknown> | undefined) => String(glob(s)).split(',').length - 1;
    expect(listed(bashScriptSettings(many, {}))).toBe(MAX_LISTED_SCRIPTS);
    const fewer = { settings: { bashIde: { backgroundAnalysisMaxFiles: 10 } } };
    expect(listed(bashScriptSettings(many, fewer))).toBe(10);
  });

  it('a pattern the user set wins, wherever it was set', () => {
    expect(
      bashScriptSettings(['bin/deploy'], { settings: { bashIde: { globPattern: '**/*.sh' } } }),
    ).toBeUndefined();
    expect(
      bashScriptSettings(['bin/deploy'], { initializationOptions: { globPattern: '**/*.sh' } }),
    ).toBeUndefined();
    expect(bashScriptSettings(['bin/deploy'], { env: { GLOB_PATTERN: '**/*.sh' } })).toBeUndefined();
  });

  it('repeats the initialization options, which a workspace/configuration answer would replace', () => {
    const settings = bashScriptSettings(['bin/deploy'], { initializationOptions: { shellcheckPath: '' } });
    expect((settings?.bashIde as Record<string, unknown>).shellcheckPath).toBe('');
  });
});
