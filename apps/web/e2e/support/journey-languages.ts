/**
 * The languages a journey written for each language runs in. German alone: the flow is the
 * same in English, whose strings the German ones match key for key and placeholder for
 * placeholder (src/lib/i18n.test.ts), and most journeys run in English anyway. Each language's
 * run of a long journey costs a minute or more of CI's two cores, and the suite has to fit its
 * time; add 'en' here to run both.
 */
export const journeyLanguages: ReadonlyArray<'en' | 'de'> = ['de'];
