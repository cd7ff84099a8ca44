/** The route paths of the console, in one place. */
export const paths = {
  home: '/',
  signIn: '/sign-in',
  overview: '/overview',
  assistants: '/assistants',
  calls: '/calls',
  conversations: '/conversations',
  leads: '/leads',
  campaigns: '/campaigns',
  tools: '/tools',
  knowledge: '/knowledge',
  numbers: '/numbers',
  settings: '/settings',
} as const;

/** Where a session lands when no page asked for it. */
export const DEFAULT_PAGE = paths.overview;

/**
 * A redirect target from the URL, kept only when it is a path of this console: never another origin
 * (`//evil`, `https://…`), never the sign-in page itself.
 */
export function safeRedirect(target: string | undefined | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return DEFAULT_PAGE;
  if (target === paths.signIn || target.startsWith(`${paths.signIn}?`) || target.startsWith(`${paths.signIn}/`)) return DEFAULT_PAGE;
  return target;
}
