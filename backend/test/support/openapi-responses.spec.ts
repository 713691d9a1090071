import { OpenApiResponses } from '@store/testing';

/** The answer checker the API suites run every answer through: it must be able to fail. */
describe('the answer checker (the committed OpenAPI document)', () => {
  const contract = new OpenApiResponses();
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const problem = { statusCode: 404, message: 'Not found', error: 'Not Found', requestId: 'r-1' };

  it('passes a documented answer, and names an undocumented status or a body its schema refuses', () => {
    expect(
      contract.problems('GET', '/api/health/live', { status: 200, headers: json, body: { status: 'live' } }),
    ).toEqual([]);
    expect(contract.problems('GET', '/api/products', { status: 418, headers: json, body: problem })).toEqual([
      expect.stringContaining('GET /api/products → 418: status not in'),
    ]);
    expect(
      contract.problems('GET', '/api/downloads/abc', {
        status: 404,
        headers: json,
        body: { statusCode: 404, message: ['a list'] },
      }),
    ).not.toEqual([]);
    expect(contract.problems('PATCH', '/api/products', { status: 200, headers: json, body: {} })).toEqual([
      'PATCH /api/products → 200: no such operation in the document',
    ]);
  });

  it("checks a HEAD's status against its GET's, with no body to check", () => {
    const head = (status: number) =>
      contract.problems('HEAD', '/api/downloads/abc', { status, headers: json, body: undefined, text: '' });
    expect([head(302), head(404), head(410)]).toEqual([[], [], []]);
    expect(head(201)).toEqual([expect.stringContaining('HEAD /api/downloads/abc → 201: status not in')]);
  });
});
