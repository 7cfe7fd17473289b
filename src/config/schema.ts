/**
 * The format of `locus.config.json` as zod schemas: one strict object per section, so an unknown key or a wrong
 * type is an error naming it, never a silent fallback to defaults. The JSON Schema published in the package
 * (`schema/locus.config.schema.json`, `npm run schema`) is generated from `configSchemas().locusConfigSchema`; the reference is
 * docs/configuration.md.
 *
 * To add a section: define `const fooSchema = z.strictObject({...})` here and add `foo: fooSchema.optional()` to
 * `SECTIONS`; add trust-sensitive keys (anything that starts a process or changes where one comes from) to
 * `TRUSTED_ONLY` in trust.ts.
 */
import { createRequire } from 'node:module';
import type * as Zod from 'zod';
import { LANGUAGES, SERVER_LANGUAGES, type ServerLanguage } from '../core/languages.js';
import { LIMIT_CEILINGS, type Limits } from '../core/limits.js';

/** The longest any configured wait may be (an hour): far below Node's timer limit of 2^31-1 ms. */
const MAX_WAIT_MS = 3_600_000;
/** The longest any configured span in minutes may be (a day). */
const MAX_MINUTES = 1440;

/**
 * Languages that may be given a language server: every language of the registry (`core/languages.ts`);
 * `.tsx` files are served by the `typescript` entry.
 */
export const CONFIG_LANGUAGES = SERVER_LANGUAGES;

/** A language key of the `languages` section: a known one, or one the configuration declares (`haskell`). */
export type ConfigLanguage = ServerLanguage | (string & {});

/**
 * The name of a language the configuration declares (docs/configuration.md, "A language without a grammar"):
 * lower-case letters, digits and `_+-.`, starting with a letter, as LSP languageIds are written.
 */
export const DECLARED_LANGUAGE_NAME = /^[a-z][a-z0-9_+.-]{0,63}$/;

/** Builds the schemas with the given zod (so zod is loaded only when a configuration is checked). */
function buildSchemas(z: typeof Zod.z) {
  const nonNegative = (what: string, max: number) =>
    z.number().nonnegative().max(max).describe(what).optional();
  const jsonObject = z.record(z.string(), z.unknown());

  /** One entry of `languages`: which server serves the language and how it is launched. */
  const languageServerSchema = z.strictObject({
    server: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Built-in adapter to use: typescript, typescript-classic, pyright, bash, gopls, clangd, rust-analyzer.',
      ),
    command: z
      .string()
      .min(1)
      .optional()
      .describe(
        "Executable to run instead of the adapter's: a PATH name, an absolute path, or relative to the workspace root. Without `server`, its name picks the built-in adapter that owns it (rust-analyzer, clangd-19), else a known server's recipe (jdtls, pylsp, ccls, …), else generic readiness. Trusted configs only.",
      ),
    args: z
      .array(z.string())
      .optional()
      .describe("Arguments, replacing the adapter's. Trusted configs only."),
    initializationOptions: jsonObject
      .optional()
      .describe("Deep-merged over the adapter's initializationOptions. Trusted configs only."),
    settings: jsonObject
      .optional()
      .describe(
        "Deep-merged over the adapter's settings (answers to workspace/configuration). Trusted configs only.",
      ),
    env: z
      .record(z.string(), z.string())
      .optional()
      .describe('Extra environment variables of the server process. Trusted configs only.'),
    positionEncodings: z
      .array(z.enum(['utf-8', 'utf-16', 'utf-32']))
      .min(1)
      .optional()
      .describe('Position encodings offered in initialize, most preferred first.'),
    rootMarkers: z
      .array(z.string().min(1))
      .optional()
      .describe(
        'Files marking a project root (nearest wins) for a server given by "command" alone; built-in adapters have their own.',
      ),
    enabled: z.boolean().optional().describe('false: no server for this language.'),
  });

  /**
   * An entry under a key Locus has no language for: the language is declared by its extensions; its outline comes
   * from the server's documentSymbol, since it has no grammar.
   */
  const declaredLanguageSchema = languageServerSchema.extend({
    extensions: z
      .array(z.string().regex(/^\.[^\s/\\*?]+$/, 'an extension with its dot, like ".hs"'))
      .min(1)
      .optional()
      .describe(
        'For a language Locus has no grammar for: its file extensions (".hs"). Required once the configs are merged.',
      ),
    languageId: z
      .string()
      .min(1)
      .optional()
      .describe(
        'For a language Locus has no grammar for: the LSP languageId of its files (default: the key).',
      ),
  });

  /** The language-server settings that sit at the top level of the file. */
  const serverShape = {
    // Every duration has a ceiling far below Node's timer limit (2^31-1 ms, about 24.8 days), past which a
    // timer fires at once (docs/configuration.md).
    idleTimeoutMinutes: nonNegative(
      'Stop a server after this many idle minutes (0 = never). Default 10, at most 1440.',
      MAX_MINUTES,
    ),
    requestTimeoutMs: nonNegative('Per request. Default 30000, at most 3600000 (an hour).', MAX_WAIT_MS),
    initializeTimeoutMs: nonNegative(
      'How long a starting server may take to answer initialize. Default: requestTimeoutMs; at most 3600000.',
      MAX_WAIT_MS,
    ),
    readyTimeoutMs: nonNegative(
      "How long a cross-file request waits for the server's ready signal. Default 15000, at most 3600000.",
      MAX_WAIT_MS,
    ),
    maxRestarts: nonNegative('Crash restarts allowed per window. Default 3, at most 100.', 100),
    restartWindowMinutes: nonNegative('The restart window. Default 5, at most 1440.', MAX_MINUTES),
    answerBudgetChars: z
      .number()
      .int()
      .min(1000)
      .max(1_000_000)
      .optional()
      .describe(
        'Characters of markdown per answer before it is paged or summarised. Default 20000 (docs/mcp.md, "Budgets").',
      ),
    allowNetwork: z
      .boolean()
      .optional()
      .describe(
        'Let servers download (TypeScript type acquisition, npm, Go modules). Default false. Trusted configs only.',
      ),
    languages: z
      .record(z.string(), declaredLanguageSchema)
      .superRefine((languages, context) => {
        for (const key of Object.keys(languages)) {
          const known = (CONFIG_LANGUAGES as readonly string[]).includes(key);
          if (known) {
            for (const field of ['extensions', 'languageId'] as const) {
              if (languages[key]?.[field] === undefined) continue;
              context.addIssue({
                code: 'custom',
                path: [key, field],
                message: `"${field}" is only for a language Locus has no grammar for; ${key} is known (map other files to it with fileLanguages).`,
              });
            }
            continue;
          }
          if (languages[key]?.extensions === undefined) {
            context.addIssue({
              code: 'custom',
              path: [],
              message: `unknown key "${key}" (known: ${CONFIG_LANGUAGES.join(', ')}); a language Locus has no grammar for is declared with "extensions"`,
            });
            continue;
          }
          if (DECLARED_LANGUAGE_NAME.test(key)) continue;
          context.addIssue({
            code: 'custom',
            path: [key],
            message: `"${key}" is not a language name: use lower-case letters, digits and _+-. (a known language or one you declare with "extensions").`,
          });
        }
      })
      .optional()
      .describe(
        'Per-language server configuration. Keys are the known languages, or a language Locus has no grammar for declared with "extensions" (docs/configuration.md).',
      ),
  };

  const positiveWhole = (key: keyof Limits, what: string) =>
    z
      .number()
      .int()
      .positive()
      .max(LIMIT_CEILINGS[key])
      .describe(
        `${what} At most ${LIMIT_CEILINGS[key]}; a workspace config that is not trusted may only lower it.`,
      )
      .optional();

  /** Sections of the file. Other parts of Locus add theirs here. */
  const SECTIONS = {
    fileLanguages: z
      .record(z.string().min(1), z.enum(LANGUAGES.map((spec) => spec.id) as [string, ...string[]]))
      .optional()
      .describe(
        'Glob (relative to the workspace root) → language id, overriding detection, e.g. {"include/**/*.h": "cpp"} (docs/languages.md).',
      ),
    index: z
      .strictObject({
        include: z
          .array(z.string().min(1))
          .optional()
          .describe('Globs indexed even inside default-excluded or ignored folders.'),
        exclude: z.array(z.string().min(1)).optional().describe('Globs never indexed.'),
        cacheDir: z
          .string()
          .min(1)
          .optional()
          .describe('Where the index cache lives (default: the user cache folder).'),
      })
      .optional()
      .describe('The workspace symbol index (docs/workspace.md).'),
    limits: z
      .strictObject({
        maxLocateLength: positiveWhole('maxLocateLength', 'Characters in a locate string. Default 16384.'),
        maxFindLength: positiveWhole('maxFindLength', 'Characters in a find text. Default 8192.'),
        maxAtSigns: positiveWhole('maxAtSigns', '`@` characters in a locate string. Default 64.'),
        maxCheckLineBytes: positiveWhole(
          'maxCheckLineBytes',
          'Bytes of one JSON Lines request in `locus check`. Default 1 MiB.',
        ),
        maxFileBytes: positiveWhole('maxFileBytes', 'Bytes of a file Locus reads. Default 32 MiB.'),
        maxEditLength: positiveWhole(
          'maxEditLength',
          'Characters of the new text of one `edit` request. Default 1 Mi (1048576).',
        ),
      })
      .optional()
      .describe('Input limits (docs/security.md).'),
    showOutsideContent: z
      .boolean()
      .optional()
      .describe(
        'Show the lines of locations outside the workspace root. Default false (docs/security.md). Trusted configs only.',
      ),
    allowBroadRoots: z
      .boolean()
      .optional()
      .describe(
        'Serve the filesystem root or your home folder itself as a workspace root (refused by default, docs/security.md). Read from the user config only.',
      ),
    trustedRoots: z
      .array(z.string().min(1))
      .optional()
      .describe(
        'Workspace roots (absolute; their subfolders too) whose locus.config.json is trusted. Read from the user config only.',
      ),
  };

  /** The whole file. */
  const locusConfigSchema = z
    .strictObject({
      $schema: z.string().optional().describe('Path or URL of this JSON Schema (ignored by Locus).'),
      ...serverShape,
      ...SECTIONS,
    })
    .describe('Locus configuration (locus.config.json). Reference: docs/configuration.md.');
  return { languageServerSchema, declaredLanguageSchema, locusConfigSchema };
}

type Schemas = ReturnType<typeof buildSchemas>;
let schemas: Schemas | undefined;

/**
 * The schemas, built on first use. zod (about 100 modules) is loaded here, synchronously, and not at import:
 * a one-shot command in a workspace without a configuration file never needs it (docs/performance.md,
 * "Cold start").
 */
export function configSchemas(): Schemas {
  schemas ??= buildSchemas((createRequire(import.meta.url)('zod') as typeof Zod).z);
  return schemas;
}

/** A validated configuration file. */
export type LocusConfigFile = Zod.infer<Schemas['locusConfigSchema']>;

/** One validated `languages` entry (`extensions` and `languageId` only under a declared language's key). */
export type LanguageServerEntry = Zod.infer<Schemas['declaredLanguageSchema']>;

/** The JSON Schema of the file (draft 2020-12), as published in `schema/locus.config.schema.json`. */
export function configJsonSchema(): Record<string, unknown> {
  return {
    ...(createRequire(import.meta.url)('zod') as typeof Zod).z.toJSONSchema(
      configSchemas().locusConfigSchema,
      {
        io: 'input',
      },
    ),
    $id: 'https://unpkg.com/locus-locate/schema/locus.config.schema.json',
    title: 'locus.config.json',
  };
}
