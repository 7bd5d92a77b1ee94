/** The answers of the reads: the token refresh, the public key, the bank catalog, the transfers. */
import { inBoth, once } from './reading';

/** docs/SERVICE.md, "Access tokens": `{access}`. */
export const TOKEN_REFRESH = inBoth(once({ access: '' }));

/** docs/SERVICE.md, "Public key": a PEM in `data.text_long_value`. */
export const PUBLIC_KEY = inBoth(once({ data: { name: '', text_long_value: '' } }));

/** docs/SERVICE.md, "Bank catalog": a list of `{bankCode, bankName}`. */
export const BANK_LIST = inBoth(once([{ bankCode: '', bankName: '' }]));

/** docs/SERVICE.md, "List transfers": a list of `{from_user, to_user, amount, date}`. */
export const TRANSFER_LIST = inBoth(once([{ from_user: '', to_user: '', amount: 0, date: '' }]));
