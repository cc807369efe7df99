import { escapeHtml } from '../../shared/html.ts';

/**
 * The document around a small page the server writes itself (the reminders opt-out, the sandbox's
 * pay page): pt-BR, sized for phones, kept out of search results, its style inline and no script at
 * all. `body` is HTML the caller already escaped; the title is escaped here.
 */
export function standalonePage(page: { title: string; style: string; body: string }): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(page.title)}</title>
<style>${page.style}</style>
</head>
<body>
${page.body}
</body>
</html>
`;
}
