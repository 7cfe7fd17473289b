/** Configuration: the `locus.config.json` format, discovery, validation and workspace trust (docs/configuration.md). */
export {
  CONFIG_FILE_NAME,
  findWorkspaceConfig,
  invalidConfig,
  loadConfig,
  mergeConfigs,
  readConfigFile,
  userConfigPath,
  validateConfig,
  type LoadConfigOptions,
  type LoadedConfig,
} from './load.js';
export {
  CONFIG_LANGUAGES,
  configJsonSchema,
  configSchemas,
  type ConfigLanguage,
  type LanguageServerEntry,
  type LocusConfigFile,
} from './schema.js';
export { isTrustedRoot, stripUntrusted, TRUST_ENV, TRUSTED_ONLY } from './trust.js';
