/**
 * The card-on-file answers (docs/SERVICE.md, "Cards"). The spec shows none; the spec's reading is
 * the sandbox's card record, real clients see `{message, card_id}`, a `data` list and `{message}`.
 */
import type { Expected } from './reading';
import { once } from './reading';

const SPEC_CARD = {
	uuid: '',
	bin_card: '',
	iai_card: '',
	franchise: '',
	name_card: '',
	bank: '',
	country: '',
	date_created: '',
};

export const CARD_REGISTRATION: Expected = {
	spec: once(SPEC_CARD),
	observed: once({ message: '', card_id: '' }),
};

export const CARD_LIST: Expected = {
	spec: once([SPEC_CARD]),
	observed: once({
		data: [{ bin_card: '', uuid: '', iai_card: '', franchise: '', name_card: '' }],
	}),
};

export const CARD_DELETION: Expected = {
	spec: once({ result: '' }),
	observed: once({ message: '' }),
};
