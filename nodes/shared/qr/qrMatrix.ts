/**
 * A symbol's modules, dark or light, and which of them belong to function patterns (reserved):
 * data and masks touch only the others. Addressed as (x, y): column, then row.
 */
export class QrMatrix {
	readonly size: number;
	private readonly dark: Uint8Array;
	private readonly reserved: Uint8Array;

	constructor(readonly version: number) {
		this.size = version * 4 + 17;
		this.dark = new Uint8Array(this.size * this.size);
		this.reserved = new Uint8Array(this.size * this.size);
	}

	isDark(x: number, y: number): boolean {
		return this.dark[y * this.size + x] === 1;
	}

	isReserved(x: number, y: number): boolean {
		return this.reserved[y * this.size + x] === 1;
	}

	/** A module of a function pattern. */
	reserve(x: number, y: number, dark: boolean): void {
		this.dark[y * this.size + x] = dark ? 1 : 0;
		this.reserved[y * this.size + x] = 1;
	}

	/** A data module. */
	set(x: number, y: number, dark: boolean): void {
		this.dark[y * this.size + x] = dark ? 1 : 0;
	}

	flip(x: number, y: number): void {
		this.dark[y * this.size + x] ^= 1;
	}

	copy(): QrMatrix {
		const twin = new QrMatrix(this.version);
		twin.dark.set(this.dark);
		twin.reserved.set(this.reserved);
		return twin;
	}

	/** Every module, row after row, dark 1: for the penalty score, which reads them all often. */
	modules(): Uint8Array {
		return this.dark;
	}

	/** Rows of booleans, dark true: what an image writer reads. */
	rows(): boolean[][] {
		return Array.from({ length: this.size }, (_, y) =>
			Array.from({ length: this.size }, (_, x) => this.isDark(x, y)),
		);
	}
}
