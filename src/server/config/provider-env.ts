import type { ZodType } from 'zod';
import {
  providerDescriptor,
  providerRegistry,
  providerVariablesById,
  type ProviderId,
  type ProviderSettings,
} from '../gateway/provider-registry.ts';

// Each provider's variables, as its descriptor declares them (gateway/providers/<id>/index.ts); nothing here names one.

/** Each provider's variables as set, trimmed; a blank one is unset, as in a .env file. */
export type ProviderValues = ReadonlyMap<ProviderId, Readonly<Record<string, string | undefined>>>;

export function readProviderValues(env: Record<string, string | undefined>): ProviderValues {
  return new Map(
    providerRegistry.map((descriptor) => {
      const values: Record<string, string | undefined> = {};
      for (const { name } of providerVariablesById.get(descriptor.id) ?? []) values[name] = env[name]?.trim() || undefined;
      return [descriptor.id, values];
    }),
  );
}

/** Every variable that is set, checked by its own schema; a secret's value is never part of the message. */
export function providerValueProblems(values: ProviderValues, shown: (name: string, value: string) => string): string[] {
  const problems: string[] = [];
  for (const descriptor of providerRegistry) {
    const own = values.get(descriptor.id) ?? {};
    for (const variable of providerVariablesById.get(descriptor.id) ?? []) {
      const value = own[variable.name];
      if (value === undefined) continue;
      const shape: Readonly<Record<string, ZodType>> = descriptor.settings.shape;
      const parsed = shape[variable.name]!.safeParse(value);
      if (parsed.success) continue;
      const message = parsed.error.issues[0]?.message ?? 'is not valid';
      problems.push(`${variable.name} ${message}${variable.secret ? '' : shown(variable.name, value)}`);
    }
  }
  return problems;
}

/** The variables a provider needs set to charge, or to be read back once retired. */
export function requiredVariables(id: ProviderId): string[] {
  return (providerVariablesById.get(id) ?? []).filter((variable) => variable.required).map((variable) => variable.name);
}

export function setVariables(values: ProviderValues, id: ProviderId): string[] {
  const own = values.get(id) ?? {};
  return (providerVariablesById.get(id) ?? []).map((variable) => variable.name).filter((name) => own[name] !== undefined);
}

export function hasRequiredVariables(values: ProviderValues, id: ProviderId): boolean {
  const own = values.get(id) ?? {};
  return requiredVariables(id).every((name) => Boolean(own[name]));
}

/** Parsed by the descriptor's schema (defaults applied), with its own cross-variable checks. */
export function providerSettings(values: ProviderValues, id: ProviderId): { settings: ProviderSettings } | { problems: string[] } {
  const descriptor = providerDescriptor(id);
  const parsed = descriptor.settings.safeParse(values.get(id) ?? {});
  // Each value was checked on its own first, so a failure here is already listed.
  if (!parsed.success) return { problems: [] };
  const problems = descriptor.settingsProblems?.(parsed.data) ?? [];
  return problems.length > 0 ? { problems } : { settings: { id, settings: parsed.data } as ProviderSettings };
}
