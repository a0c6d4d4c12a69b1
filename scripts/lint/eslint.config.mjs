// One lint configuration for every workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { folderCyclesPlugin } from './folder-cycles.mjs';

const typescriptSettings = importX.flatConfigs.typescript.settings;

/**
 * No import cycles: between files (`import-x/no-cycle`) and between folders (`layers/no-folder-cycle`:
 * a feature, or a layer such as `api/src/http`, never reaches back to a folder that imports it).
 * A cycle means two modules each need the other loaded first, and folders that use each other are
 * no longer layers a reader can take one at a time. `import type` is left out: it loads nothing.
 */
export const importCycleRules = {
  plugins: { 'import-x': importX, layers: folderCyclesPlugin },
  settings: {
    'import-x/extensions': typescriptSettings['import-x/extensions'],
    'import-x/parsers': typescriptSettings['import-x/parsers'],
    'import-x/resolver-next': [
      createTypeScriptImportResolver({
        project: ['tsconfig.json', 'api/tsconfig.json', 'e2e/tsconfig.json'],
        noWarnOnMultipleProjects: true,
      }),
    ],
  },
  rules: {
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    'layers/no-folder-cycle': 'error',
  },
};

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'api/drizzle/**', 'scripts/lint/fixtures/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'], ...importCycleRules },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
    languageOptions: { globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' } },
  },
);
