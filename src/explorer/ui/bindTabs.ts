/** The page's two ways to ask. */
export type Tab = 'route' | 'bundle'

/**
 * Wires the route/bundle tabs (WAI-ARIA tabs: `aria-selected`, roving `tabindex`, ← and → move
 * between them) to their forms.
 * @returns a function that selects a tab, as a click would
 */
export function bindTabs(doc: Document): (tab: Tab) => void {
  const $ = (id: string) => doc.getElementById(id)!
  const select = (tab: Tab) => {
    for (const t of ['route', 'bundle'] as const) {
      $(`tab-${t}`).setAttribute('aria-selected', String(t === tab))
      $(`tab-${t}`).tabIndex = t === tab ? 0 : -1
      $(`${t}-form`).hidden = t !== tab
    }
  }
  for (const t of ['route', 'bundle'] as const) $(`tab-${t}`).addEventListener('click', () => select(t))
  $('tabs').addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return
    const next: Tab = $('tab-route').getAttribute('aria-selected') === 'true' ? 'bundle' : 'route'
    select(next)
    $(`tab-${next}`).focus()
  })
  return select
}
