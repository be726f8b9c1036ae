// Fixture edge function that forgets to export its handler.
export const nome = 'sem-handler';
