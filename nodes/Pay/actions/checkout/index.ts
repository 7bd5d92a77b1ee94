import type { PayResource } from '../types';
import { confirmWalletOtp } from './confirmWalletOtp';
import { listBanks } from './listBanks';
import { payInCash } from './payInCash';
import { payWithBankButton } from './payWithBankButton';
import { payWithBreb } from './payWithBreb';
import { payWithDaviplata } from './payWithDaviplata';
import { payWithNequi } from './payWithNequi';
import { payWithOtherMethod } from './payWithOtherMethod';
import { payWithPse } from './payWithPse';

export const checkoutResource: PayResource = {
	value: 'checkout',
	name: 'Checkout',
	description: 'Take a payment object through checkout: PSE, bank button, Daviplata with OTP, Bre-B, Nequi, cash and others',
	defaultOperation: 'payWithPse',
	operations: [confirmWalletOtp, listBanks, payInCash, payWithBankButton, payWithBreb, payWithDaviplata, payWithNequi, payWithOtherMethod, payWithPse],
};
