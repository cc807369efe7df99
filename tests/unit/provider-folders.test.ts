import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROVIDER_IDS } from '../../src/server/gateway/provider-registry.ts';
import { providerFolders } from '../support/providers/provider-folders.ts';

const root = path.resolve(import.meta.dirname, '../..');
const providersDir = path.join(root, 'tests/support/providers');

/** Every registered PIX provider has its test folder, and the suites that run them all read it from the registry. */
describe('the providers’ test folders', () => {
  it('give every registered provider, in the registry’s order, its stand-in and harness on disk', () => {
    expect(providerFolders().map((folder) => folder.id)).toEqual([...PROVIDER_IDS]);
    for (const id of PROVIDER_IDS) {
      for (const file of [`${id}-stand-in.ts`, `${id}-harness.ts`]) {
        expect(fs.existsSync(path.join(providersDir, id, file)), `tests/support/providers/${id}/${file}`).toBe(true);
      }
    }
  });

  it('give every registered provider its browser journey rig, or say in journey-folders.ts that it has none', () => {
    const journeys = fs.readFileSync(path.join(providersDir, 'journey-folders.ts'), 'utf8');
    for (const id of PROVIDER_IDS) {
      const rig = fs.existsSync(path.join(providersDir, id, `${id}-journey-rig.ts`));
      expect(rig || journeys.includes(`  ${id}: null,`), `tests/support/providers/${id}/${id}-journey-rig.ts`).toBe(true);
      expect(journeys.includes(`./${id}/${id}-journey-rig.ts`), `journey-folders.ts imports ${id}'s journey rig`).toBe(rig);
    }
  });

  it('hold no folder for a provider the registry does not have', () => {
    const dirs = fs.readdirSync(providersDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(dirs.map((entry) => entry.name).sort()).toEqual([...PROVIDER_IDS].sort());
  });

  it('stop with the provider’s name and the folder to add when a registered provider has none', () => {
    expect(() => providerFolders([...PROVIDER_IDS, 'pagbank'])).toThrow(
      'registered provider(s) pagbank have no test folder: add tests/support/providers/pagbank/ and list it in provider-folders.ts',
    );
  });
});
