import assert from "node:assert/strict";
import { screenshot } from "../helpers/browser.ts";
import { close, dayOf, dim, eventually, monthOf, pad, parseFigure, yearOf, ymd } from "../helpers/reports.ts";
import {
  groupSales,
  provision,
  salesIn,
  sameDay,
  soldIn,
  spanBudget,
  sum,
  weeksOf,
  withReportsSession,
} from "../helpers/rankings.ts";

// The Reporting II screens (issue 12), part 2: the evolutions, the provision and the flash against figures
// computed here with plain PostgreSQL on the seeded data (tests/helpers/rankings.ts), not with the reports'
// DuckDB SQL. Part 1 (the rankings, and the six screens without the permission): reports_rankings_test.ts.

/** The months as the spec names them (the Desglose table's title). */
const MONTH_NAMES = [
  "Enero",
  "Febrero",
  "Marzo",
  "Abril",
  "Mayo",
  "Junio",
  "Julio",
  "Agosto",
  "Septiembre",
  "Octubre",
  "Noviembre",
  "Diciembre",
];

Deno.test({
  name:
    "browser: Evolución, Provisión de Ventas and Flash Semanal match PostgreSQL in two filter combinations, keep them in the URL, export totals",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withReportsSession(
      async (
        { page, reference, today, yesterday, malls, audit, screenRows, exportedTotals, openFromMenu },
      ) => {
        // The first mall is each screen's default; the second and the last give the second filter combinations.
        const [mall, mallB, mallC] = [malls[0].id, malls[1], malls[malls.length - 1]];
        const y = yearOf(yesterday) - 1; // last year
        await t.step(
          "Evolución Ventas por CEBE and por Tienda (the closed month) through the menu",
          async () => {
            const [cy, cm] = monthOf(today) === 1
              ? [yearOf(today) - 1, 12]
              : [yearOf(today), monthOf(today) - 1];
            const [first] = [ymd(cm === 12 ? cy : cy - 1, cm === 12 ? 1 : cm + 1, 1)];
            const [w] = await reference.query<{ mes: number; anio: number }>(
              `select coalesce(sum(s.amount) filter (where s.sale_date >= $2), 0)::float8 as mes,
                  coalesce(sum(s.amount), 0)::float8 as anio
             from sales_closings s join contracts c on c.id = s.contract_id
            where c.mall_id = $1 and s.sale_date between $3 and $4`,
              [mall, ymd(cy, cm, 1), first, ymd(cy, cm, dim(cy, cm))],
            );
            for (
              const [link, path] of [["Evolución Ventas por CEBE", "EvolucionVentas"], [
                "Evolución Ventas por Tienda",
                "EvolucionVentasTienda",
              ]]
            ) {
              await openFromMenu(link);
              await page.waitForURL(new RegExp(`/Reportes/${path}(\\?|$)`));
              await eventually(page, async () => {
                const { total } = await screenRows(`Ventas Año Actual ${cy}`);
                const diffs: string[] = [];
                if (!close(parseFigure(total[13]), Number(w.mes), 0.006)) {
                  diffs.push(`${path} month ${total[13]}`);
                }
                if (!close(parseFigure(total[14]), Number(w.anio), 0.006)) {
                  diffs.push(`${path} 12 months ${total[14]}`);
                }
                return diffs;
              });
            }
            await screenshot(page, "92-evolucion-tienda");
            await audit("evolucion");
          },
        );

        // Evolución: the second combination of each route from a shared link (another mall, closing month and
        // comparison year, the other frequency); per CeBe or contract against PostgreSQL.
        const evolutions = [
          {
            path: "EvolucionVentas",
            by: "cebe" as const,
            m: mallC,
            year: y - 1,
            month: 9,
            y1: y - 3,
            freq: "diaria",
          },
          {
            path: "EvolucionVentasTienda",
            by: "contract" as const,
            m: mallB,
            year: y,
            month: 5,
            y1: y - 1,
            freq: "mensual",
          },
        ];
        for (const e of evolutions) {
          await t.step(
            `${e.path}: ${e.m.name}, closing month ${e.month}/${e.year} against ${e.y1}, ${e.freq}`,
            async () => {
              const first = e.month === 12 ? ymd(e.year, 1, 1) : ymd(e.year - 1, e.month + 1, 1);
              const end = ymd(e.year, e.month, dim(e.year, e.month));
              const gap = e.year - e.y1;
              const act = await groupSales(reference, e.m.id, e.by, first, end);
              const cmp = await groupSales(
                reference,
                e.m.id,
                e.by,
                sameDay(first, yearOf(first) - gap),
                ymd(e.y1, e.month, dim(e.y1, e.month)),
              );
              const closing = await groupSales(reference, e.m.id, e.by, ymd(e.year, e.month, 1), end);
              const weeks = weeksOf(ymd(e.year, e.month, 1), end);
              const weekly = await Promise.all(
                weeks.map((w) => groupSales(reference, e.m.id, e.by, w.start, w.end)),
              );
              const [{ budget }] = await reference.query<{ budget: number }>(
                `select sum(b.amount)::float8 as budget from budgets b join contracts c on c.id = b.contract_id
              where c.mall_id = $1 and b.month between $2 and $3`,
                [e.m.id, first, ymd(e.year, e.month, 1)],
              );
              const groups = [...new Set([...act.keys(), ...cmp.keys()])];
              const total = (m: Map<string, number>) => sum([...m.values()], (v) => v);
              await page.goto(
                `/Reportes/${e.path}?mall=${e.m.id}&anio=${e.year}&mes=${e.month}&anioComparativo=${e.y1}&frecuencia=${e.freq}`,
              );
              await eventually(page, async () => {
                const a = await screenRows(`Ventas Año Actual ${e.year}`);
                const b = await screenRows(`Ventas Año Anterior ${e.y1}`);
                const c = await screenRows(`Cumplimiento ${e.year}`);
                const w = await screenRows(`Desglose ${MONTH_NAMES[e.month - 1]} ${e.year}`);
                const diffs: string[] = a.rows.length === Math.min(8, groups.length)
                  ? []
                  : [`${a.rows.length} rows`];
                const money = (cell: string, want: number | undefined, what: string) => {
                  if (!close(parseFigure(cell), want ?? null, 0.006)) {
                    diffs.push(`${what} ${cell} vs ${want}`);
                  }
                };
                for (const cells of a.rows) {
                  const g = cells[0].trim();
                  money(cells[13], closing.get(g), `${g} closing month`);
                  money(cells[14], act.get(g), `${g} 12 months`);
                }
                for (const cells of b.rows) money(cells[14], cmp.get(cells[0].trim()), `${cells[0]} ${e.y1}`);
                money(a.total[14], total(act), "total");
                money(b.total[14], total(cmp), `total ${e.y1}`);
                if (!close(parseFigure(c.total[14]), total(act) / Number(budget) * 100, 0.051)) {
                  diffs.push(`fulfilment ${c.total[14]}`);
                }
                if (w.rows.length !== closing.size) diffs.push(`${w.rows.length} weekly rows`);
                for (const cells of w.rows) {
                  const g = cells[0].trim();
                  weekly.forEach((s, i) => money(cells[2 + i], s.get(g), `${g} Semana ${i + 1}`));
                  money(cells[2 + weeks.length], closing.get(g), `${g} Total General`);
                }
                weekly.forEach((s, i) => money(w.total[2 + i], total(s), `Semana ${i + 1}`));
                return diffs;
              });
              // The link restored every filter.
              assert.equal(await page.locator("#mesCorte").inputValue(), `${pad(e.month)}/${e.year}`);
              assert.equal(
                (await page.locator(".p-dropdown:has(#anioComparativo) .p-dropdown-label").innerText())
                  .trim(),
                `${e.y1}`,
              );
              assert.equal(
                (await page.locator(".p-dropdown:has(#mall) .p-dropdown-label").innerText()).trim(),
                e.m.name,
              );
              assert.equal(
                (await page.locator(".p-selectbutton .p-highlight").innerText()).trim(),
                e.freq === "diaria" ? "Diaria" : "Mensual",
              );
              const last = await exportedTotals(`Ventas Año Actual ${e.year}`);
              assert.ok(close(Number(last[14]), total(act), 0.006), `export total ${last[14]}`);
            },
          );
        }

        const [ym, mm] = [yearOf(yesterday), monthOf(yesterday)];
        const month = await soldIn(
          reference,
          mall,
          ymd(ym, mm, 1),
          yesterday,
          ymd(ym - 1, mm, 1),
          ymd(ym - 1, mm, Math.min(dayOf(yesterday), dim(ym - 1, mm))),
        );
        const prov = await provision(reference, mall, ymd(ym, mm, 1), yesterday);
        const provTotal = (p: typeof prov) => [sum(p, (x) => x.real), sum(p, (x) => x.provisionado)];
        const checkProvision = (p: typeof prov) =>
          eventually(page, async () => {
            const { rows, total } = await screenRows("Provisión de Ventas");
            const diffs: string[] = rows.length === Math.min(8, p.length) ? [] : [`${rows.length} rows`];
            for (const cells of rows) {
              const want = p.find((x) => x.code === cells[0].trim());
              if (!want) diffs.push(`unknown ${cells[0]}`);
              else if (
                JSON.stringify(cells.slice(2, 5).map(parseFigure)) !==
                  JSON.stringify([want.dias, want.registrados, want.faltantes]) ||
                !close(parseFigure(cells[5]), want.real, 0.006) ||
                !close(parseFigure(cells[6]), want.provisionado, 0.006)
              ) diffs.push(`${want.code}: ${cells.slice(2, 7)} vs ${JSON.stringify(want)}`);
            }
            const [real, estimated] = provTotal(p);
            if (!close(parseFigure(total[5]), real, 0.006)) diffs.push(`registered ${total[5]}`);
            if (!close(parseFigure(total[6]), estimated, 0.006)) diffs.push(`estimated ${total[6]}`);
            if (!close(parseFigure(total[7]), real + estimated, 0.011)) diffs.push(`total ${total[7]}`);
            const card = parseFigure(await page.getByTestId("prov-real").innerText());
            if (!close(card, real + estimated ? real / (real + estimated) * 100 : null, 0.051)) {
              diffs.push(`Porcentaje Real ${card}`);
            }
            const cardP = parseFigure(await page.getByTestId("prov-provisionado").innerText());
            if (!close(cardP, real + estimated ? estimated / (real + estimated) * 100 : null, 0.051)) {
              diffs.push(`Porcentaje Provisionado ${cardP}`);
            }
            return diffs;
          });

        await t.step(
          "Provisión de Ventas (the month of yesterday, every contract) through the menu",
          async () => {
            assert.ok(close(sum(prov, (x) => x.real), sum(month, (x) => x.act), 0.006));
            await openFromMenu("Provisión de Ventas");
            await page.waitForURL(/\/Reportes\/ReporteProvisionVentas/);
            await checkProvision(prov);
            assert.match(await page.getByTestId("prov-note").innerText(), /Estimado/);
            await audit("provision");
          },
        );

        await t.step(
          "Provisión de Ventas: the contract with the most missing days, on Enter, kept on reload",
          async () => {
            const one = [...prov].sort((a, b) =>
              b.faltantes - a.faltantes || a.code.localeCompare(b.code)
            )[0];
            await page.locator("#contrato").fill(one.code);
            await page.locator("#contrato").press("Enter");
            await page.waitForURL((u) => u.searchParams.get("contrato") === one.code);
            await checkProvision([one]);
            await page.reload();
            await checkProvision([one]);
            assert.equal(await page.locator("#contrato").inputValue(), one.code);
            assert.equal(await page.locator("#mes").inputValue(), `${pad(mm)}/${ym}`);
            const last = await exportedTotals("Provisión de Ventas");
            assert.ok(close(Number(last[6]), one.provisionado, 0.006), `export estimated ${last[6]}`);
          },
        );

        await t.step("Flash Semanal (the month of yesterday) through the menu", async () => {
          await openFromMenu("Flash Semanal");
          await page.waitForURL(/\/Reportes\/ReporteProyeccionesIndex/);
          await eventually(page, async () => {
            const { total } = await screenRows("Flash Semanal");
            const diffs: string[] = [];
            if (!close(parseFigure(total[1]), sum(month, (x) => x.act), 0.006)) {
              diffs.push(`week total ${total[1]}`);
            }
            if (!close(parseFigure(total[2]), sum(month, (x) => x.cmp), 0.006)) {
              diffs.push(`year before ${total[2]}`);
            }
            return diffs;
          });
          assert.match(await page.getByTestId("projection-note").innerText(), /estimada/);
          await screenshot(page, "93-flash-semanal");
          await audit("flash");
        });

        await t.step(
          "Flash Semanal: another mall, 5 May to 18 June of last year, one contract, from a link",
          async () => {
            const [fs, fe] = [ymd(y, 5, 5), ymd(y, 6, 18)];
            const [{ code }] = await reference.query<{ code: string }>(
              `select c.code from contracts c join sales_closings s on s.contract_id = c.id
            where c.mall_id = $1 and s.sale_date between $2 and $3 group by 1 order by sum(s.amount) desc limit 1`,
              [mallB.id, fs, fe],
            );
            const weeks = weeksOf(fs, fe);
            const act = await Promise.all(
              weeks.map((w) => salesIn(reference, mallB.id, w.start, w.end, code)),
            );
            const prev = await Promise.all(
              weeks.map((w) =>
                salesIn(reference, mallB.id, sameDay(w.start, y - 1), sameDay(w.end, y - 1), code)
              ),
            );
            const meta = await spanBudget(reference, mallB.id, fs, fe, code);
            // June's projection: to date plus the rest of June a year before, times to date / a year before to date.
            const done = await salesIn(reference, mallB.id, ymd(y, 6, 1), fe, code);
            const doneBefore = await salesIn(reference, mallB.id, ymd(y - 1, 6, 1), ymd(y - 1, 6, 18), code);
            const restBefore = await salesIn(reference, mallB.id, ymd(y - 1, 6, 19), ymd(y - 1, 6, 30), code);
            const projected = doneBefore > 0 ? done + restBefore * done / doneBefore : done / 18 * 30;
            await page.goto(
              `/Reportes/ReporteProyeccionesIndex?mall=${mallB.id}&desde=${fs}&hasta=${fe}&contrato=${code}`,
            );
            await eventually(page, async () => {
              const { rows, total } = await screenRows("Flash Semanal");
              const p = await screenRows("Proyección");
              const diffs: string[] = rows.length === weeks.length ? [] : [`${rows.length} weeks`];
              rows.forEach((cells, i) => {
                if (!close(parseFigure(cells[1]), act[i], 0.006)) diffs.push(`week ${i + 1} ${cells[1]}`);
                if (!close(parseFigure(cells[2]), prev[i], 0.006)) {
                  diffs.push(`week ${i + 1} before ${cells[2]}`);
                }
              });
              if (!close(parseFigure(total[1]), sum(act, (v) => v), 0.006)) diffs.push(`total ${total[1]}`);
              if (!close(parseFigure(total[2]), sum(prev, (v) => v), 0.006)) diffs.push(`before ${total[2]}`);
              if (!close(parseFigure(total[4]), meta || null, 0.006)) {
                diffs.push(`meta ${total[4]} vs ${meta}`);
              }
              const june = p.rows.find((c) => c[0].trim() === "Mes");
              if (
                !june || !close(parseFigure(june[1]), done, 0.006) ||
                !close(parseFigure(june[2]), projected, 0.006)
              ) {
                diffs.push(`June ${june?.slice(0, 3)} vs ${done} ${projected}`);
              }
              return diffs;
            });
            assert.equal(await page.locator("#rango").inputValue(), `05/05/${y} - 18/06/${y}`);
            assert.equal(await page.locator("#contrato").inputValue(), code);
            assert.equal(
              (await page.locator(".p-dropdown:has(#mall) .p-dropdown-label").innerText()).trim(),
              mallB.name,
            );
            const last = await exportedTotals("Flash Semanal");
            assert.ok(close(Number(last[1]), sum(act, (v) => v), 0.006), `export total ${last[1]}`);
          },
        );
      },
    ),
});
