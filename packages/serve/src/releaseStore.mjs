export * from '@lab/releases';
