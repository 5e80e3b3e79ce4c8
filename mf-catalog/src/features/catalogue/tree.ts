export type GenderFilter = 'all' | 'male' | 'female';
export type PriceSort = 'default' | 'price-asc' | 'price-desc';
