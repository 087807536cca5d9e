// One floor-plan map for every heat-map screen (issue 15): a level drawn in SVG on the 1300x1000 plan, with
// zoom (up to 10x) and pan, a level switcher, titles cut after 10 characters (the full name in the tooltip),
// a legend of the colours with counts, a search box that opens a rental object by id or code on Enter, every
// shop reachable with Tab and opened with Enter or Space, and the same data as a table with Excel export.
import { Button } from "primereact/button";
import { InputText } from "primereact/inputtext";
import { type KeyboardEvent, type PointerEvent, useMemo, useRef, useState, type WheelEvent } from "react";
import type { MapLevel, MapShape } from "#contract/maps.ts";
import { columnsOf } from "../data-table/columns.ts";
import { DataTable } from "../data-table/data-table.tsx";
import "./floor-map.css";

export const PLAN_W = 1300;
export const PLAN_H = 1000;
export const MAX_ZOOM = 10;
const TITLE_MAX = 10;

/** A shop as a map draws it: its colour and legend entry, and the figure its table shows. */
export interface MapItem {
  id: number;
  code: string;
  title: string;
  levelId: number;
  shape: MapShape;
  numContrato: string | null;
  color: string;
  /** The legend entry (e.g. 'Vacancy'). */
  legend: string;
  /** The figure the table shows for the shop (e.g. the status, a percentage). */
  figure: string;
}

export interface LegendEntry {
  label: string;
  color: string;
}

/** 'Tienda de Ropa Moderna' → 'Tienda de …' (10 characters, then an ellipsis). */
export const shortTitle = (t: string) => (t.length > TITLE_MAX ? `${t.slice(0, TITLE_MAX)}…` : t);

/** Black or white text, whichever reads better on the colour. */
function textOn(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#1b1b1b" : "#ffffff";
}

interface View {
  zoom: number;
  cx: number;
  cy: number;
}
const HOME: View = { zoom: 1, cx: PLAN_W / 2, cy: PLAN_H / 2 };

/** Keeps the view inside the plan. */
function clampView(v: View): View {
  const zoom = Math.min(MAX_ZOOM, Math.max(1, v.zoom));
  const hw = PLAN_W / zoom / 2, hh = PLAN_H / zoom / 2;
  return {
    zoom,
    cx: Math.min(PLAN_W - hw, Math.max(hw, v.cx)),
    cy: Math.min(PLAN_H - hh, Math.max(hh, v.cy)),
  };
}

const c = columnsOf<MapItem>();

export function FloorMap(props: {
  /** Names the map, the table and the Excel file. */
  title: string;
  levels: MapLevel[];
  items: MapItem[];
  legend: LegendEntry[];
  /** The table's header of the figure column. */
  figureLabel: string;
  onOpen: (item: MapItem) => void;
}) {
  const { levels, items, legend, onOpen } = props;
  const [levelId, setLevelId] = useState<number | null>(null);
  // The first floor at first (basements and upper floors one click away).
  const level = levels.find((l) => l.id === levelId) ?? levels.find((l) => l.floor === 1) ?? levels[0];
  const [view, setView] = useState<View>(HOME);
  const [mode, setMode] = useState<"mapa" | "tabla">("mapa");
  const [search, setSearch] = useState("");
  const [notFound, setNotFound] = useState(false);
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ x: number; y: number; view: View; moved: boolean } | null>(null);
  const onLevel = items.filter((i) => i.levelId === level?.id);
  const counts = useMemo(() => {
    const m = new Map<string, number>();
    for (const i of items) m.set(i.legend, (m.get(i.legend) ?? 0) + 1);
    return m;
  }, [items]);

  const zoomBy = (f: number) => setView((v) => clampView({ ...v, zoom: v.zoom * f }));
  const showLevel = (id: number) => {
    setLevelId(id);
    setView(HOME);
  };
  const find = () => {
    const q = search.trim().toUpperCase();
    const hit = q
      ? items.find((i) => String(i.id) === q || i.code.toUpperCase() === q) ??
        items.find((i) => i.code.toUpperCase().includes(q))
      : undefined;
    setNotFound(!!q && !hit);
    if (!hit) return;
    setLevelId(hit.levelId);
    setView(clampView({ zoom: 3, cx: hit.shape.x + hit.shape.w / 2, cy: hit.shape.y + hit.shape.h / 2 }));
    onOpen(hit);
  };
  const svgPoint = (e: { clientX: number; clientY: number }) => {
    const r = svg.current!.getBoundingClientRect();
    return { x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height };
  };
  const onWheel = (e: WheelEvent) => {
    if (!svg.current) return;
    const p = svgPoint(e);
    setView((v) => {
      const w = PLAN_W / v.zoom, h = PLAN_H / v.zoom;
      const px = v.cx - w / 2 + p.x * w, py = v.cy - h / 2 + p.y * h;
      const zoom = Math.min(MAX_ZOOM, Math.max(1, v.zoom * (e.deltaY < 0 ? 1.25 : 0.8)));
      const nw = PLAN_W / zoom, nh = PLAN_H / zoom;
      return clampView({ zoom, cx: px - p.x * nw + nw / 2, cy: py - p.y * nh + nh / 2 });
    });
  };
  const onPointerDown = (e: PointerEvent) => {
    drag.current = { x: e.clientX, y: e.clientY, view, moved: false };
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d || !svg.current) return;
    const dx = e.clientX - d.x, dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 4) return;
    d.moved = true;
    const r = svg.current.getBoundingClientRect();
    setView(clampView({
      zoom: d.view.zoom,
      cx: d.view.cx - (dx / r.width) * (PLAN_W / d.view.zoom),
      cy: d.view.cy - (dy / r.height) * (PLAN_H / d.view.zoom),
    }));
  };
  const endDrag = () => {
    // A click right after a drag does not open the shop under the pointer.
    setTimeout(() => (drag.current = null), 0);
  };
  const open = (i: MapItem) => {
    if (drag.current?.moved) return;
    onOpen(i);
  };
  const onShopKey = (e: KeyboardEvent, i: MapItem) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onOpen(i);
    }
  };

  const w = PLAN_W / view.zoom, h = PLAN_H / view.zoom;
  const columns = useMemo(() => [
    c.text("code", "Local"),
    c.text("title", "Nombre"),
    c.text("numContrato", "Contrato"),
    c.text("figure", props.figureLabel),
    c.text("legend", "Color"),
  ], [props.figureLabel]);

  return (
    <section className="floor-map" aria-label={props.title}>
      <div className="floor-map-bar">
        <div className="floor-map-levels" role="group" aria-label="Nivel">
          {levels.map((l) => (
            <Button
              key={l.id}
              type="button"
              size="small"
              label={l.title}
              outlined={l.id !== level?.id}
              aria-pressed={l.id === level?.id}
              onClick={() => showLevel(l.id)}
            />
          ))}
        </div>
        <div className="floor-map-search">
          <label htmlFor="map-search">Buscar objeto de alquiler</label>
          <InputText
            id="map-search"
            value={search}
            placeholder="Id o código y Enter"
            aria-invalid={notFound || undefined}
            aria-describedby={notFound ? "map-search-error" : undefined}
            onChange={(e) => {
              setSearch(e.target.value);
              setNotFound(false);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                find();
              }
            }}
          />
          {notFound && (
            <small id="map-search-error" className="p-error" role="alert">
              No se encontró el objeto de alquiler.
            </small>
          )}
        </div>
        <div className="floor-map-modes" role="group" aria-label="Vista">
          <Button
            type="button"
            size="small"
            label="Mapa"
            icon="pi pi-map"
            outlined={mode !== "mapa"}
            aria-pressed={mode === "mapa"}
            onClick={() => setMode("mapa")}
          />
          <Button
            type="button"
            size="small"
            label="Tabla"
            icon="pi pi-table"
            outlined={mode !== "tabla"}
            aria-pressed={mode === "tabla"}
            onClick={() => setMode("tabla")}
          />
        </div>
      </div>
      <ul className="floor-map-legend" aria-label="Leyenda">
        {legend.map((l) => (
          <li key={l.label}>
            <span className="swatch" style={{ background: l.color }} aria-hidden="true" />
            {l.label}: <strong>{counts.get(l.label) ?? 0}</strong>
          </li>
        ))}
      </ul>
      {mode === "tabla"
        ? (
          <DataTable
            title={props.title}
            columns={columns}
            data={items}
            pageSize={15}
            getRowId={(r) => String(r.id)}
            actions={null}
          />
        )
        : (
          <div className="floor-map-canvas">
            <div className="floor-map-zoom" role="group" aria-label="Zoom">
              <Button
                type="button"
                icon="pi pi-plus"
                rounded
                text
                aria-label="Acercar"
                onClick={() => zoomBy(1.5)}
              />
              <Button
                type="button"
                icon="pi pi-minus"
                rounded
                text
                aria-label="Alejar"
                onClick={() => zoomBy(1 / 1.5)}
              />
              <Button
                type="button"
                icon="pi pi-refresh"
                rounded
                text
                aria-label="Restablecer zoom"
                onClick={() => setView(HOME)}
              />
              <span className="floor-map-zoom-level" aria-live="polite">
                {Math.round(view.zoom * 10) / 10}x
              </span>
            </div>
            <svg
              ref={svg}
              role="group"
              aria-label={`${props.title}: ${level?.title ?? ""}`}
              viewBox={`${view.cx - w / 2} ${view.cy - h / 2} ${w} ${h}`}
              preserveAspectRatio="xMidYMid meet"
              onWheel={onWheel}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={endDrag}
              onPointerLeave={endDrag}
            >
              <rect x={0} y={0} width={PLAN_W} height={PLAN_H} className="floor-map-floor" />
              {onLevel.map((i) => (
                <g
                  key={i.id}
                  role="button"
                  tabIndex={0}
                  aria-label={`${i.code} ${i.title}: ${i.figure}`}
                  data-local={i.code}
                  className="floor-map-shop"
                  onClick={() => open(i)}
                  onKeyDown={(e) => onShopKey(e, i)}
                >
                  <title>{`${i.title} (${i.code})`}</title>
                  <rect x={i.shape.x} y={i.shape.y} width={i.shape.w} height={i.shape.h} fill={i.color} />
                </g>
              ))}
              {/* The cut titles in a layer of their own, so a shop's name is its full title (aria-label). */}
              <g aria-hidden="true" className="floor-map-labels">
                {onLevel.filter((i) => i.shape.w > 40 && i.shape.h > 16).map((i) => (
                  <text
                    key={i.id}
                    x={i.shape.x + i.shape.w / 2}
                    y={i.shape.y + i.shape.h / 2}
                    fill={textOn(i.color)}
                    fontSize={Math.min(14, i.shape.w / 7)}
                    textAnchor="middle"
                    dominantBaseline="middle"
                  >
                    {shortTitle(i.title)}
                  </text>
                ))}
              </g>
            </svg>
          </div>
        )}
    </section>
  );
}
