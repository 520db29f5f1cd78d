/** Loan terms the calculator offers, in months (1 to 7 years). */
export const CALCULATOR_TERMS: readonly number[] = [12, 24, 36, 48, 60, 72, 84];
