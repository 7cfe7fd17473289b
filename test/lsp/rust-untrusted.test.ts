/**
 * An untrusted Rust repository cannot make rust-analyzer run its programs (docs/configuration.md, "Workspace
 * trust"): a `rust-toolchain.toml` naming a toolchain folder inside the repository is overridden (its `cargo` and
 * `rustc` never run, though rust-analyzer calls the rustup proxies, which would run them), and a `.cargo/config.toml` (whose `[env]` cargo applies to rustc) keeps the server from
 * starting, with an error that says how to trust the workspace. Each planted program writes a marker file.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocus } from '../../src/ops/locus.js';
import { describeWithServer } from '../helpers/require-server.js';
import { removeDir } from './support.js';

let base = '';
let marker = '';

const CRATE = {
  'Cargo.toml': '[package]\nname = "victim"\nversion = "0.1.0"\nedition = "2021"\n',
  'src/main.rs': 'fn helper() -> u32 {\n    1\n}\n\nfn main() {\n    let _ = helper();\n}\n',
};

function repository(name: string, extra: Record<string, string>): string {
  const root = join(base, name);
  for (const [file, text] of Object.entries({ ...CRATE, ...extra })) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  for (const tool of ['cargo', 'rustc', 'evil.sh']) {
    const path = join(root, tool === 'evil.sh' ? tool : `tc/bin/${tool}`);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, `#!/bin/sh\necho "${tool} $*" >> "${marker}"\nexit 1\n`);
    chmodSync(path, 0o755);
  }
  return root;
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'locus-rust-untrusted-'));
  marker = join(base, 'ran');
});
afterAll(() => removeDir(base));

describeWithServer('rust-analyzer', 'rust-analyzer in an untrusted repository', () => {
  it("runs the toolchain beside it, not the one the repository's rust-toolchain.toml names", async () => {
    // rustup takes an absolute path only (a repository can guess where it will be cloned).
    const root = join(base, 'toolchain-file');
    repository('toolchain-file', { 'rust-toolchain.toml': `[toolchain]\npath = "${join(root, 'tc')}"\n` });
    mkdirSync(join(root, 'tc', 'lib'), { recursive: true });
    const locus = createLocus({ root });
    try {
      const result = await locus.references('src/main.rs:helper');
      expect(result.ok).toBe(true);
    } finally {
      await locus.close();
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('does not start when a cargo config applies, and says how to trust the workspace', async () => {
    const root = repository('cargo-config', {
      '.cargo/config.toml': '[build]\nrustc-wrapper = "./evil.sh"\n\n[env]\nRUSTC_BOOTSTRAP = "1"\n',
    });
    const locus = createLocus({ root });
    try {
      const result = await locus.references('src/main.rs:helper');
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'SERVER_FAILED', message: expect.stringContaining('.cargo/config.toml') },
      });
      if (!result.ok) expect(result.error.hint).toMatch(/--trust/);
    } finally {
      await locus.close();
    }
    expect(existsSync(marker)).toBe(false);
  });
});
