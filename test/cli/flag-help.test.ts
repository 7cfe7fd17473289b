/** Every flag of every command says what it does in `locus <command> --help` (docs/operations.md). */
import { describe, expect, it } from 'vitest';
import { commandHelp } from '../../src/cli/help.js';
import { allCommands } from '../../src/cli/main.js';

const COMMANDS = await allCommands();

describe('per-flag help', () => {
  it('lists every command once, each under its own name', () => {
    const names = COMMANDS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBe(19);
  });

  it.each(COMMANDS.map((c) => [c.name, c] as const))(
    '%s: no flag without a description',
    (_name, command) => {
      const help = commandHelp(command);
      const bare = help.split('\n').filter((line) => /^ {2}(-\w, )?--[a-z-]+( [A-Z|.]+)?\s*$/.test(line));
      expect(bare).toEqual([]);
      for (const flag of Object.keys(command.options)) expect(help).toContain(`--${flag}`);
    },
  );

  it('says that --force overrides the safety warnings and new errors, not only read-only files', () => {
    const rename = COMMANDS.find((c) => c.name === 'rename');
    if (!rename) throw new Error('no rename command');
    const force = commandHelp(rename)
      .split('\n')
      .find((line) => line.trimStart().startsWith('--force'));
    expect(force).toMatch(/safety warnings/);
    expect(force).toMatch(/new errors/);
    expect(force).toMatch(/read-only/);
  });
});
