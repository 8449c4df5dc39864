/**
 * Application URLs carried in records (`urls` of work requests, events, comments, shares). They point at this
 * app's routes. Work request records keep the spec's literal placeholders (`:workRequest`, `:code`), which the app
 * resolves; events carry them with the work request id filled in, as the spec's Events section says.
 * `appOrigin` is `MWS_PUBLIC_ORIGIN` or else `//<host>` of the request (http/records.ts `originOf`), or '' for links
 * relative to the app.
 */
export function workRequestUrls(id: string, appOrigin: string, fillId = false) {
  const wr = fillId ? id : ':workRequest';
  return {
    view: `${appOrigin}/work-requests/${wr}`,
    manage: `${appOrigin}/work-requests/${wr}`,
    invite: `${appOrigin}/invite/:code`,
    translate: `${appOrigin}/work-requests/${wr}/translation`,
  };
}

/**
 * The app's page of an order's deliveries: where a `delivery` notification leads (its `urls.view`), since a recipient
 * of another studio may download the files without seeing the order (docs/API.md "Deliveries").
 */
export function deliveriesPageUrl(id: string, appOrigin: string) {
  return `${appOrigin}/work-requests/${id}/deliveries`;
}
