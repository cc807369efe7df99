import { describeProviderContract } from '../../support/provider-contract.ts';
import { providerFolders } from '../../support/providers/provider-folders.ts';

/**
 * Every PIX provider held to the same contract (tests/support/provider-contract.ts), each against its own stand-in
 * built from the provider's public documentation (the sources are cited in each provider's own test file). A new
 * provider joins with its folder's harness (tests/support/providers/provider-folders.ts), in the registry's order.
 */
for (const { harness } of providerFolders()) describeProviderContract(harness);
