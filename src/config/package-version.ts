/** Facts about the installed package itself, read where both faces can reach them. */
import { readFileSync } from 'node:fs';

/** The version of the installed package. */
export function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
