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

/**
 * Languages that may be given a language server: every language of the registry (`core/languages.ts`);
 * `.tsx` files are served by the `typescript` entry.
 */
export const CONFIG_LANGUAGES = SERVER_LANGUAGES;

/** A language key of the `languages` section. */
export type ConfigLanguage = ServerLanguage;

/** Builds the schemas with the given zod (so zod is loaded only when a configuration is checked). */
function buildSchemas(z: typeof Zod.z) {
  const nonNegative = (what: string) => z.number().nonnegative().describe(what).optional();
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

  /** The language-server settings that sit at the top level of the file. */
  const serverShape = {
    idleTimeoutMinutes: nonNegative('Stop a server after this many idle minutes (0 = never). Default 10.'),
    requestTimeoutMs: nonNegative('Per request. Default 30000.'),
    initializeTimeoutMs: nonNegative(
      'How long a starting server may take to answer initialize. Default: requestTimeoutMs.',
    ),
    readyTimeoutMs: nonNegative(
      "How long a cross-file request waits for the server's ready signal. Default 15000.",
    ),
    maxRestarts: nonNegative('Crash restarts allowed per window. Default 3.'),
    restartWindowMinutes: nonNegative('The restart window. Default 5.'),
    answerBudgetChars: z
      .number()
      .int()
      .min(1000)
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
      .partialRecord(z.enum(CONFIG_LANGUAGES), languageServerSchema)
      .optional()
      .describe('Per-language server configuration.'),
  };

  const positiveWhole = (what: string) => z.number().int().positive().describe(what).optional();

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
        maxLocateLength: positiveWhole('Characters in a locate string. Default 16384.'),
        maxFindLength: positiveWhole('Characters in a find text. Default 8192.'),
        maxAtSigns: positiveWhole('`@` characters in a locate string. Default 64.'),
        maxCheckLineBytes: positiveWhole('Bytes of one JSON Lines request in `locus check`. Default 1 MiB.'),
        maxFileBytes: positiveWhole('Bytes of a file Locus reads. Default 32 MiB.'),
      })
      .optional()
      .describe('Input limits (docs/security.md).'),
    showOutsideContent: z
      .boolean()
      .optional()
      .describe('Show the lines of locations outside the workspace root. Default false (docs/security.md).'),
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
  return { languageServerSchema, locusConfigSchema };
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

/** One validated `languages` entry. */
export type LanguageServerEntry = Zod.infer<Schemas['languageServerSchema']>;

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
