export * from './endpoint.ts';
export * from './public-forms.ts';
