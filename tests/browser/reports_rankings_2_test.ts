import assert from "node:assert/strict";
import { screenshot } from "../helpers/browser.ts";
import { close, dim, eventually, monthOf, pad, parseFigure, yearOf, ymd } from "../helpers/reports.ts";
import {
  cellsWith,
  type Currency,
  groupSales,
  provision,
  salesIn,
  sameDay,
  sameEnd,
  soldIn,
  spanBudget,
  sum,
  totalLabel,
  usdTitle,
  weeksOf,
  withReportsSession,
} from "../helpers/rankings.ts";

// The Reporting II screens (issue 12), part 2: the evolutions, the provision and the flash against figures
// computed here with plain PostgreSQL on the seeded data (tests/helpers/rankings.ts), not with the reports'
// DuckDB SQL. Part 1 (the rankings, and the six screens without the permission): reports_rankings_test.ts.
// Soles and dollars are never added (issue 35): each table ('Total S/') and card is checked against the soles
// contracts, and the dollar contracts' table ('… (contratos en dólares)', 'Total $') or note against the dollar
// contracts, on the malls that have one (the first two of the demo data; the last has none).

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
  "Setiembre",
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
            const window = (currency: Currency) =>
              reference.query<{ mes: number; anio: number }>(
                `select coalesce(sum(s.amount) filter (where s.sale_date >= $2), 0)::float8 as mes,
                    coalesce(sum(s.amount), 0)::float8 as anio
               from sales_closings s join contracts c on c.id = s.contract_id
              where c.mall_id = $1 and c.currency = $5 and s.sale_date between $3 and $4`,
                [mall, ymd(cy, cm, 1), first, ymd(cy, cm, dim(cy, cm)), currency],
              ).then((r) => r[0]);
            const [w, wUsd] = [await window("PEN"), await window("USD")];
            assert.ok(Number(wUsd.anio) > 0, "the mall's dollar contract sold in the window");
            const usdGroups = {
              EvolucionVentas: await groupSales(
                reference,
                mall,
                "cebe",
                first,
                ymd(cy, cm, dim(cy, cm)),
                "USD",
              ),
              EvolucionVentasTienda: await groupSales(
                reference,
                mall,
                "contract",
                first,
                ymd(cy, cm, dim(cy, cm)),
                "USD",
              ),
            };
            for (
              const [link, path] of [["Evolución Ventas por CEBE", "EvolucionVentas"], [
                "Evolución Ventas por Tienda",
                "EvolucionVentasTienda",
              ]]
            ) {
              await openFromMenu(link);
              await page.waitForURL(new RegExp(`/Reportes/${path}(\\?|$)`));
              await eventually(page, async () => {
                const diffs: string[] = [];
                const title = `Ventas Año Actual ${cy}`;
                for (const [t, v] of [[title, w], [usdTitle(title), wUsd]] as const) {
                  const { rows, total } = await screenRows(t);
                  diffs.push(...cellsWith({ rows, total }, t === title ? "$" : "S/"));
                  if (total[0] !== totalLabel(t)) diffs.push(`${path} ${t}: total row ${total[0]}`);
                  if (!close(parseFigure(total[13]), Number(v.mes), 0.006)) {
                    diffs.push(`${path} ${t}: month ${total[13]}`);
                  }
                  if (!close(parseFigure(total[14]), Number(v.anio), 0.006)) {
                    diffs.push(`${path} ${t}: 12 months ${total[14]}`);
                  }
                }
                // The dollar contracts' rows (a CeBe's or a contract's) against their own sums.
                const usd = usdGroups[path as keyof typeof usdGroups];
                const { rows } = await screenRows(usdTitle(title));
                if (rows.length !== usd.size) diffs.push(`${path}: ${rows.length} dollar rows`);
                for (const cells of rows) {
                  if (!close(parseFigure(cells[14]), usd.get(cells[0].trim()) ?? null, 0.006)) {
                    diffs.push(`${path} dollar ${cells[0]} ${cells[14]}`);
                  }
                }
                const note = await page.getByTestId("evo-chart-currency").innerText();
                if (!/En soles \(S\/\); no incluye los contratos en dólares/.test(note)) diffs.push(note);
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
            dollars: false, // the last mall has no dollar contract
          },
          {
            path: "EvolucionVentasTienda",
            by: "contract" as const,
            m: mallB,
            year: y,
            month: 5,
            y1: y - 1,
            freq: "mensual",
            dollars: true,
          },
        ];
        for (const e of evolutions) {
          await t.step(
            `${e.path}: ${e.m.name}, closing month ${e.month}/${e.year} against ${e.y1}, ${e.freq}`,
            async () => {
              const first = e.month === 12 ? ymd(e.year, 1, 1) : ymd(e.year - 1, e.month + 1, 1);
              const end = ymd(e.year, e.month, dim(e.year, e.month));
              const gap = e.year - e.y1;
              const weeks = weeksOf(ymd(e.year, e.month, 1), end);
              /** One currency's figures: per group, the closing month's weeks and the budget of the window. */
              const figures = async (currency: Currency) => {
                const sales = (start: string, to: string) =>
                  groupSales(reference, e.m.id, e.by, start, to, currency);
                const [{ budget }] = await reference.query<{ budget: number }>(
                  `select sum(b.amount)::float8 as budget from budgets b join contracts c on c.id = b.contract_id
                where c.mall_id = $1 and c.currency = $4 and b.month between $2 and $3`,
                  [e.m.id, first, ymd(e.year, e.month, 1), currency],
                );
                const act = await sales(first, end);
                const cmp = await sales(
                  sameDay(first, yearOf(first) - gap),
                  ymd(e.y1, e.month, dim(e.y1, e.month)),
                );
                return {
                  act,
                  cmp,
                  closing: await sales(ymd(e.year, e.month, 1), end),
                  weekly: await Promise.all(weeks.map((w) => sales(w.start, w.end))),
                  budget: Number(budget),
                  groups: [...new Set([...act.keys(), ...cmp.keys()])],
                };
              };
              const [pen, usd] = [await figures("PEN"), await figures("USD")];
              assert.equal(usd.groups.length > 0, e.dollars, "the mall's dollar contracts");
              const total = (m: Map<string, number>) => sum([...m.values()], (v) => v);
              await page.goto(
                `/Reportes/${e.path}?mall=${e.m.id}&anio=${e.year}&mes=${e.month}&anioComparativo=${e.y1}&frecuencia=${e.freq}`,
              );
              /** One currency's four tables against its figures (`of` names the table of that currency). */
              const check = async (of: (title: string) => string, f: typeof pen) => {
                const a = await screenRows(of(`Ventas Año Actual ${e.year}`));
                const b = await screenRows(of(`Ventas Año Anterior ${e.y1}`));
                const c = await screenRows(of(`Cumplimiento ${e.year}`));
                const w = await screenRows(of(`Desglose ${MONTH_NAMES[e.month - 1]} ${e.year}`));
                const diffs: string[] = a.rows.length === Math.min(8, f.groups.length)
                  ? []
                  : [`${of("")}: ${a.rows.length} rows`];
                if (f.groups.length === 0) return diffs;
                const soles = of("") === "";
                for (const t of [a, b, w]) diffs.push(...cellsWith(t, soles ? "$" : "S/"));
                const label = totalLabel(of("x"));
                if (a.total[0] !== label || w.total[0] !== label) {
                  diffs.push(`total rows ${a.total[0]} ${w.total[0]}`);
                }
                const money = (cell: string, want: number | undefined, what: string) => {
                  if (!close(parseFigure(cell), want ?? null, 0.006)) {
                    diffs.push(`${of("")} ${what} ${cell} vs ${want}`);
                  }
                };
                for (const cells of a.rows) {
                  const g = cells[0].trim();
                  money(cells[13], f.closing.get(g), `${g} closing month`);
                  money(cells[14], f.act.get(g), `${g} 12 months`);
                }
                for (const cells of b.rows) {
                  money(cells[14], f.cmp.get(cells[0].trim()), `${cells[0]} ${e.y1}`);
                }
                money(a.total[14], total(f.act), "total");
                money(b.total[14], total(f.cmp), `total ${e.y1}`);
                if (!close(parseFigure(c.total[14]), total(f.act) / f.budget * 100, 0.051)) {
                  diffs.push(`${of("")} fulfilment ${c.total[14]}`);
                }
                if (w.rows.length !== Math.min(8, f.closing.size)) diffs.push(`${w.rows.length} weekly rows`);
                for (const cells of w.rows) {
                  const g = cells[0].trim();
                  f.weekly.forEach((s, i) => money(cells[2 + i], s.get(g), `${g} Semana ${i + 1}`));
                  money(cells[2 + weeks.length], f.closing.get(g), `${g} Total General`);
                }
                f.weekly.forEach((s, i) => money(w.total[2 + i], total(s), `Semana ${i + 1}`));
                return diffs;
              };
              await eventually(
                page,
                async () => [...await check((t) => t, pen), ...await check(usdTitle, usd)],
              );
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
              assert.ok(close(Number(last[14]), total(pen.act), 0.006), `export total ${last[14]}`);
              if (usd.groups.length) {
                const lastUsd = await exportedTotals(usdTitle(`Ventas Año Actual ${e.year}`));
                assert.ok(close(Number(lastUsd[14]), total(usd.act), 0.006), `dollar export ${lastUsd[14]}`);
              }
            },
          );
        }

        const [ym, mm] = [yearOf(yesterday), monthOf(yesterday)];
        // The month of yesterday against the same days a year before (its whole month when yesterday ended one).
        const monthSold = (currency: Currency) =>
          soldIn(
            reference,
            mall,
            ymd(ym, mm, 1),
            yesterday,
            ymd(ym - 1, mm, 1),
            sameEnd(yesterday, ym - 1),
            () => 1,
            currency,
          );
        const [month, monthUsd] = [await monthSold("PEN"), await monthSold("USD")];
        const prov = await provision(reference, mall, ymd(ym, mm, 1), yesterday);
        const provUsd = await provision(reference, mall, ymd(ym, mm, 1), yesterday, "USD");
        const provTotal = (p: typeof prov) => [sum(p, (x) => x.real), sum(p, (x) => x.provisionado)];
        /** One currency's table: its rows (first page) and its totals row. */
        const provisionTable = async (title: string, p: typeof prov) => {
          const { rows, total } = await screenRows(title);
          const diffs: string[] = rows.length === Math.min(8, p.length)
            ? []
            : [`${title}: ${rows.length} rows`];
          if (p.length === 0) return diffs;
          diffs.push(...cellsWith({ rows, total }, title === "Provisión de Ventas" ? "$" : "S/"));
          if (total[0] !== totalLabel(title)) diffs.push(`${title}: total row ${total[0]}`);
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
          if (!close(parseFigure(total[5]), real, 0.006)) diffs.push(`${title}: registered ${total[5]}`);
          if (!close(parseFigure(total[6]), estimated, 0.006)) diffs.push(`${title}: estimated ${total[6]}`);
          if (!close(parseFigure(total[7]), real + estimated, 0.011)) {
            diffs.push(`${title}: total ${total[7]}`);
          }
          return diffs;
        };
        /** The soles table and cards, and the dollar contracts' table and note apart (none without them). */
        const checkProvision = (p: typeof prov, usd: typeof prov) =>
          eventually(page, async () => {
            const diffs = [
              ...await provisionTable("Provisión de Ventas", p),
              ...await provisionTable(usdTitle("Provisión de Ventas"), usd),
            ];
            const [real, estimated] = provTotal(p);
            const card = parseFigure(await page.getByTestId("prov-real").innerText());
            if (!close(card, real + estimated ? real / (real + estimated) * 100 : null, 0.051)) {
              diffs.push(`Porcentaje Real ${card}`);
            }
            const cardP = parseFigure(await page.getByTestId("prov-provisionado").innerText());
            if (!close(cardP, real + estimated ? estimated / (real + estimated) * 100 : null, 0.051)) {
              diffs.push(`Porcentaje Provisionado ${cardP}`);
            }
            const cardT = await page.getByTestId("prov-total").innerText();
            if (!cardT.startsWith("S/") || !close(parseFigure(cardT), real + estimated, 0.011)) {
              diffs.push(`Total card ${cardT}`);
            }
            // 'Contratos en dólares (aparte): registrado $ …; estimado $ …; total $ … (…% provisionado).'
            const note = page.getByTestId("prov-usd");
            if (usd.length === 0) {
              if (await note.count()) diffs.push(`dollar note ${await note.innerText()}`);
              return diffs;
            }
            const text = (await note.count()) ? await note.innerText() : "";
            const m =
              /registrado (\$ [\d,.]+); estimado (\$ [\d,.]+); total (\$ [\d,.]+) \(([\d.]+)% provisionado\)/
                .exec(text);
            const [ur, ue] = provTotal(usd);
            if (
              !m || text.includes("S/") || !close(parseFigure(m[1]), ur, 0.006) ||
              !close(parseFigure(m[2]), ue, 0.006) || !close(parseFigure(m[3]), ur + ue, 0.011) ||
              !close(Number(m[4]), ur + ue ? ue / (ur + ue) * 100 : null, 0.051)
            ) diffs.push(`dollar note '${text}' vs ${ur} ${ue}`);
            return diffs;
          });

        await t.step(
          "Provisión de Ventas (the month of yesterday, every contract) through the menu",
          async () => {
            assert.ok(close(sum(prov, (x) => x.real), sum(month, (x) => x.act), 0.006));
            assert.ok(close(sum(provUsd, (x) => x.real), sum(monthUsd, (x) => x.act), 0.006));
            assert.ok(provUsd.length >= 1, "the mall has a dollar contract in operation");
            await openFromMenu("Provisión de Ventas");
            await page.waitForURL(/\/Reportes\/ReporteProvisionVentas/);
            await checkProvision(prov, provUsd);
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
            await checkProvision([one], []);
            await page.reload();
            await checkProvision([one], []);
            assert.equal(await page.locator("#contrato").inputValue(), one.code);
            assert.equal(await page.locator("#mes").inputValue(), `${pad(mm)}/${ym}`);
            const last = await exportedTotals("Provisión de Ventas");
            assert.ok(close(Number(last[6]), one.provisionado, 0.006), `export estimated ${last[6]}`);
          },
        );

        await t.step("Flash Semanal (the month of yesterday) through the menu", async () => {
          await openFromMenu("Flash Semanal");
          await page.waitForURL(/\/Reportes\/ReporteProyeccionesIndex/);
          // The first week of the month in dollars (a row of the dollar table) and a year before.
          const w1 = weeksOf(ymd(ym, mm, 1), yesterday)[0];
          const w1Usd = await salesIn(reference, mall, w1.start, w1.end, "", "USD");
          const w1UsdBefore = await salesIn(
            reference,
            mall,
            sameDay(w1.start, ym - 1),
            sameEnd(w1.end, ym - 1),
            "",
            "USD",
          );
          assert.ok(monthUsd.length >= 1, "the mall's dollar contract sold this month");
          await eventually(page, async () => {
            const diffs: string[] = [];
            for (
              const [title, sold] of [["Flash Semanal", month], [
                usdTitle("Flash Semanal"),
                monthUsd,
              ]] as const
            ) {
              const t = await screenRows(title);
              diffs.push(...cellsWith(t, title === "Flash Semanal" ? "$" : "S/"));
              if (t.total[0] !== totalLabel(title)) diffs.push(`${title}: total row ${t.total[0]}`);
              if (!close(parseFigure(t.total[1]), sum(sold, (x) => x.act), 0.006)) {
                diffs.push(`${title}: week total ${t.total[1]}`);
              }
              if (!close(parseFigure(t.total[2]), sum(sold, (x) => x.cmp), 0.006)) {
                diffs.push(`${title}: year before ${t.total[2]}`);
              }
            }
            const usd = await screenRows(usdTitle("Flash Semanal"));
            if (
              !usd.rows[0] || !close(parseFigure(usd.rows[0][1]), w1Usd, 0.006) ||
              !close(parseFigure(usd.rows[0][2]), w1UsdBefore, 0.006)
            ) diffs.push(`dollar week 1 ${usd.rows[0]?.slice(0, 3)} vs ${w1Usd} ${w1UsdBefore}`);
            diffs.push(...cellsWith(await screenRows(usdTitle("Proyección")), "S/"));
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
            // The soles contract that sold the most (the mall's dollar contract is left to its own table).
            const [{ code }] = await reference.query<{ code: string }>(
              `select c.code from contracts c join sales_closings s on s.contract_id = c.id
            where c.mall_id = $1 and c.currency = 'PEN' and s.sale_date between $2 and $3
            group by 1 order by sum(s.amount) desc limit 1`,
              [mallB.id, fs, fe],
            );
            const weeks = weeksOf(fs, fe);
            const act = await Promise.all(
              weeks.map((w) => salesIn(reference, mallB.id, w.start, w.end, code)),
            );
            const prev = await Promise.all(
              weeks.map((w) =>
                salesIn(reference, mallB.id, sameDay(w.start, y - 1), sameEnd(w.end, y - 1), code)
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
              // One soles contract: no dollar table.
              if ((await screenRows(usdTitle("Flash Semanal"))).rows.length) diffs.push("a dollar table");
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
