import { describeProviderContract, type ProviderHarness } from '../support/provider-contract.ts';
import { abacatepayHarness } from '../support/provider-harnesses/abacatepay-harness.ts';
import { efiHarness } from '../support/provider-harnesses/efi-harness.ts';
import { mercadoPagoHarness } from '../support/provider-harnesses/mercadopago-harness.ts';
import { tribopayHarness } from '../support/provider-harnesses/tribopay-harness.ts';
import { wooviHarness } from '../support/provider-harnesses/woovi-harness.ts';

/**
 * Every PIX provider held to the same contract (tests/support/provider-contract.ts), each against its own stand-in
 * built from the provider's public documentation (the sources are cited in each provider's own test file). A new
 * provider joins with one harness here.
 */
const harnesses: readonly ProviderHarness[] = [tribopayHarness, mercadoPagoHarness, efiHarness, abacatepayHarness, wooviHarness];

for (const harness of harnesses) describeProviderContract(harness);
