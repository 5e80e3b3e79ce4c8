import { useParams } from '@lab/router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DYNAMICS, REGISTRY } from '../../test/fixtures';
import { ok, renderAt, resetBrowserState, setUpI18n } from '../../test/render';
import { serveAccount } from '../../test/server';
import { ResultView } from './ResultView';

beforeAll(setUpI18n);
afterEach(() => {
  resetBrowserState();
  delete document.body.dataset.printScope;
});

const href = (id: number) => `/account/results/${id}`;

function OrderResults() {
  return <ResultView registryId={Number(useParams().id)} crumbId="order-results" resultHref={href} />;
}

const renderResults = (id: number) => renderAt(<OrderResults />, `/account/results/${id}`, '/account/results/:id');

describe("an order's results", () => {
  it('lists the rows and marks out-of-range values in colour, arrow and words', async () => {
    serveAccount();
    renderResults(101);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Результати замовлення №\u00a02600101' }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Результати замовлення №\u00a02600101' });
    const rows = within(table).getAllByTestId('result-row');
    expect(rows.map((row) => row.getAttribute('data-flag'))).toEqual(['low', 'high', null, null]);

    const haemoglobin = within(table).getByRole('row', { name: /Гемоглобін/ });
    expect(haemoglobin).toHaveTextContent('↓112');
    expect(within(haemoglobin).getByText('Нижче норми')).toBeInTheDocument();
    expect(within(haemoglobin).getByText('120 – 150')).toBeInTheDocument();
    expect(within(haemoglobin).getByText('г/л')).toBeInTheDocument();
    const cholesterol = within(table).getByRole('row', { name: /Холестерин/ });
    expect(within(cholesterol).getByText('Вище норми')).toBeInTheDocument();
    const glucose = within(table).getByRole('row', { name: /Глюкоза/ });
    expect(glucose).not.toHaveTextContent(/норми/);
    const qualitative = within(table).getByRole('row', { name: /Chlamydia/ });
    expect(qualitative).toHaveTextContent('Не виявлено');
    expect(screen.getByText('Поза межами референтних значень: 2')).toBeInTheDocument();
  });

  it("downloads the lab's PDF of the results, and still prints its own view", async () => {
    const requests = serveAccount({
      handle: (request) =>
        request.url === '/registry/registries/self/101/results/pdf'
          ? { status: 200, data: new Blob(['%PDF-1.3'], { type: 'application/pdf' }) }
          : undefined,
    });
    const created = jest.fn(() => 'blob:results');
    URL.createObjectURL = created;
    URL.revokeObjectURL = jest.fn();
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('results-2600101.pdf');
    });
    renderResults(101);
    await userEvent.click(await screen.findByRole('button', { name: 'Завантажити PDF' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(requests.find((request) => request.url === '/registry/registries/self/101/results/pdf')?.responseType).toBe(
      'blob',
    );
    expect(screen.queryByText(/не надає PDF/)).not.toBeInTheDocument();

    const print = jest.fn();
    window.print = print;
    await userEvent.click(screen.getByRole('button', { name: 'Друк' }));
    expect(print).toHaveBeenCalled();
    expect(document.body.dataset.printScope).toBe('account-results');
    clicked.mockRestore();
  });

  it('downloads the results as a FHIR R4 file beside the PDF', async () => {
    const requests = serveAccount({
      handle: (request) =>
        request.url === '/registry/registries/self/101/results/fhir'
          ? { status: 200, data: new Blob(['{"resourceType":"Bundle"}'], { type: 'application/fhir+json' }) }
          : undefined,
    });
    URL.createObjectURL = jest.fn(() => 'blob:fhir');
    URL.revokeObjectURL = jest.fn();
    const names: string[] = [];
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    renderResults(101);
    const button = await screen.findByRole('button', { name: 'Файл для медичних застосунків (FHIR)' });
    expect(button).toHaveAccessibleDescription('Файл FHIR R4 для застосунків здоров’я');
    await userEvent.click(button);
    await waitFor(() => expect(names).toEqual(['results-2600101.fhir.json']));
    expect(requests.find((request) => request.url === '/registry/registries/self/101/results/fhir')?.responseType).toBe(
      'blob',
    );
    clicked.mockRestore();
  });

  it('passes only the HTTP status of a failed FHIR download on', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serveAccount({
      handle: (request) =>
        request.url === '/registry/registries/self/101/results/fhir'
          ? { status: 404, data: new Blob(['{"code":"not-found","message":"Замовлення не знайдено"}']) }
          : undefined,
    });
    renderResults(101);
    await userEvent.click(await screen.findByRole('button', { name: 'Файл для медичних застосунків (FHIR)' }));
    expect(await screen.findByText(/^Не вдалося завантажити файл FHIR: /)).toBeInTheDocument();
  });

  it('shows partial results: the rows that are in and how many are still awaited', async () => {
    serveAccount({
      handle: (request) =>
        request.url === '/registry/registries/self/101'
          ? ok({ ...REGISTRY, resultsReady: false, awaiting: 3, results: REGISTRY.results.slice(0, 2) })
          : undefined,
    });
    renderResults(101);
    const partial = await screen.findByTestId('results-partial');
    expect(within(partial).getByRole('heading', { name: 'Часткові результати' })).toBeInTheDocument();
    expect(partial).toHaveTextContent('Готові показники: 2 з 5. Ще очікується: 3');
    expect(screen.getAllByTestId('result-row')).toHaveLength(2);
    expect(screen.getByText('Готуються')).toBeInTheDocument();
  });

  it('says nothing is awaited once every result is in', async () => {
    serveAccount();
    renderResults(101);
    await screen.findByTestId('results-table');
    expect(screen.queryByTestId('results-partial')).not.toBeInTheDocument();
    expect(screen.getByText('Усі результати готові')).toBeInTheDocument();
  });

  it('passes only the HTTP status of a failed PDF on', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serveAccount({
      handle: (request) =>
        request.url === '/registry/registries/self/101/results/pdf'
          ? { status: 500, data: new Blob(['{"code":"internal","message":"pdfkit exploded"}']) }
          : undefined,
    });
    renderResults(101);
    await userEvent.click(await screen.findByRole('button', { name: 'Завантажити PDF' }));
    expect(await screen.findByText('Не вдалося завантажити PDF: Помилка сервера (код 500)')).toBeInTheDocument();
    expect(screen.queryByText(/pdfkit/)).not.toBeInTheDocument();
  });

  it("shows the not-found view for a result outside the user's reach (the server answers 404)", async () => {
    serveAccount();
    renderResults(999);
    expect(await screen.findByRole('heading', { level: 1, name: 'Сторінку не знайдено' })).toBeInTheDocument();
    expect(screen.getByTestId('account-not-found')).toBeInTheDocument();
  });

  it('tells a doctor whose shared link was revoked that the owner revoked it, not that the page is missing', async () => {
    serveAccount({
      handle: (request) =>
        request.url === '/registry/registries/self/101'
          ? { status: 410, data: { code: 'share-revoked', message: 'Власник скасував це посилання' } }
          : undefined,
    });
    renderResults(101);
    const closed = await screen.findByTestId('results-share-closed');
    expect(within(closed).getByRole('alert')).toHaveTextContent('Доступ до результатів закрито');
    expect(within(closed).getByRole('alert')).toHaveTextContent('Власник скасував це посилання');
    expect(within(closed).getByRole('link', { name: 'До моїх направлень' })).toHaveAttribute(
      'href',
      '/account/patients',
    );
    expect(screen.queryByText(/Перевірте адресу/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Спробувати ще раз' })).not.toBeInTheDocument();
  });

  it('passes only the HTTP status of another failure, with a retry', async () => {
    serveAccount({
      handle: (request) =>
        request.url === '/registry/registries/self/101'
          ? { status: 503, data: { code: 'x', message: 'y' } }
          : undefined,
    });
    renderResults(101);
    expect(await screen.findByText('Помилка сервера (код 503)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Спробувати ще раз' })).toBeInTheDocument();
  });
});

describe('the toolbar and the dates', () => {
  it('offers the PDF first and the FHIR file as a plainly named secondary download', async () => {
    serveAccount();
    renderResults(101);
    const pdf = await screen.findByRole('button', { name: 'Завантажити PDF' });
    const fhir = screen.getByRole('button', { name: 'Файл для медичних застосунків (FHIR)' });
    // the PDF comes first in the reading order (and is the primary button)
    expect(pdf.compareDocumentPosition(fhir) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Завантажити FHIR/ })).not.toBeInTheDocument();
  });

  it('dates the order by when it was placed and when its results were ready, the date its dynamics give', async () => {
    serveAccount();
    renderResults(101);
    const meta = await screen.findByText('Дата замовлення');
    expect(meta.nextElementSibling).toHaveTextContent('10.01.2026 10:30');
    const ready = screen.getByText('Результати готові');
    expect(ready.nextElementSibling).toHaveTextContent('11.01.2026 12:00');
    await userEvent.click(screen.getByRole('button', { name: 'Динаміка: Гемоглобін' }));
    const dialog = await screen.findByRole('dialog', { name: 'Динаміка: Гемоглобін' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Таблиця' }));
    const current = await within(dialog).findByRole('row', { name: /Цей результат/ });
    expect(current).toHaveTextContent('11.01.2026');
    expect(within(dialog).getByRole('columnheader', { name: 'Дата результату' })).toBeInTheDocument();
  });
});

describe("an indicator's dynamics", () => {
  it('opens as a chart with the reference band and the points; the toggle shows the table', async () => {
    const requests = serveAccount();
    renderResults(101);
    await userEvent.click(await screen.findByRole('button', { name: 'Динаміка: Гемоглобін' }));
    const dialog = await screen.findByRole('dialog', { name: 'Динаміка: Гемоглобін' });
    expect(requests.some((request) => request.url === '/registry/registries/self/patient/11/analysis/1/results')).toBe(
      true,
    );
    const chartButton = within(dialog).getByRole('button', { name: 'Графік' });
    const tableButton = within(dialog).getByRole('button', { name: 'Таблиця' });
    expect(chartButton).toHaveAttribute('aria-pressed', 'true');
    const chart = await within(dialog).findByRole('img', { name: /Графік динаміки: Гемоглобін/ });
    expect(chart).toHaveAccessibleDescription(/Вимірювань: 3.*Останнє значення: 112 г\/л.*Поза нормою: 2/);
    expect(within(dialog).getByTestId('reference-band')).toHaveTextContent('Норма: 120 – 150');
    expect(chart).toHaveTextContent('Значення, г/л');
    expect(chart).toHaveTextContent('Дата результату');
    const points = within(dialog).getAllByTestId('dynamics-point');
    expect(points.map((point) => point.getAttribute('data-status'))).toEqual(['low', 'normal', 'low']);
    expect(points.map((point) => point.textContent)).toEqual([
      expect.stringContaining('118'),
      expect.stringContaining('131'),
      expect.stringContaining('112'),
    ]);
    // the reading of this order is marked, and the dates read as everywhere on the site
    expect(points.map((point) => point.hasAttribute('data-current'))).toEqual([false, false, true]);
    expect(points[2]).toHaveTextContent('11.01.2026: 112 г/л — Нижче норми (Цей результат)');
    expect(chart).toHaveTextContent('11.01.2026');
    expect(within(dialog).getByText('Цей результат')).toBeInTheDocument();

    await userEvent.click(tableButton);
    expect(tableButton).toHaveAttribute('aria-pressed', 'true');
    expect(chartButton).toHaveAttribute('aria-pressed', 'false');
    expect(within(dialog).queryByTestId('dynamics-chart')).not.toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: /Динаміка: Гемоглобін/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '11.01.2026Цей результат112 г/л↓ Нижче норми',
      '05.06.2025 — Відкрити результат131 г/лУ межах норми',
      '05.01.2025 — Відкрити результат118 г/л↓ Нижче норми',
    ]);
    expect(within(rows[0] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: /05\.06\.2025/ })).toHaveAttribute(
      'href',
      '/account/results/95',
    );
    expect(within(dialog).getByText('Референтні значення: 120 – 150 г/л')).toBeInTheDocument();

    await userEvent.click(chartButton);
    expect(within(dialog).getByTestId('dynamics-chart')).toBeInTheDocument();
  });

  it('has only the table for a qualitative test', async () => {
    serveAccount({
      handle: (request) =>
        request.url?.endsWith('/analysis/4/results')
          ? {
              status: 200,
              data: {
                ...DYNAMICS,
                analysisId: 4,
                analysisName: 'ПЛР Chlamydia trachomatis',
                unit: null,
                referenceValues: 'Не виявлено',
                points: [
                  {
                    registryId: 101,
                    date: '2026-01-11T10:00:00.000Z',
                    result: 'Не виявлено',
                    value: null,
                    found: false,
                  },
                ],
              },
            }
          : undefined,
    });
    renderResults(101);
    await userEvent.click(await screen.findByRole('button', { name: 'Динаміка: ПЛР Chlamydia trachomatis' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Графік' })).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Таблиця' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByTestId('dynamics-table')).toHaveTextContent('Не виявлено');
  });
});
