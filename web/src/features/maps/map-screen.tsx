// What the heat-map screens share: the mall they show (remembered for the session) with its picker, the shop
// opened from the plan, the mall's name for the plan's title, and the dialog a shop opens ('Local …').
import { useQuery, type UseQueryOptions } from "@tanstack/react-query";
import { type ReactNode, useMemo, useState } from "react";
import type { MapLevel, MapMall } from "#contract/maps.ts";
import { CloseFooter, DialogFrame } from "../../components/dialogs/dialog-frame.tsx";
import { MallPicker } from "../../components/mall-picker.tsx";
import { FloorMap, type MapItem } from "../../components/map/floor-map.tsx";
import { rememberedMall, rememberMall } from "./api.ts";

/**
 * The screen's mall and opened shop; once the mall's map is read, `view(data)` gives the opened shop, the
 * mall's name and the mall picker (a new mall closes the shop).
 */
function useMapMall() {
  const [mall, setMall] = useState(rememberedMall);
  const [open, setOpen] = useState<number | null>(null);
  const view = <L extends { id: number }>(
    data: { malls: MapMall[]; mapaCalor: { locations: L[] } } | undefined,
  ) => ({
    chosen: data?.mapaCalor.locations.find((l) => l.id === open) ?? null,
    mallName: data?.malls.find((m) => m.value === mall)?.label ?? "",
    picker: (
      <MallPicker
        id="map-mall"
        value={mall}
        malls={data?.malls ?? []}
        width="14rem"
        onChange={(m) => {
          rememberMall(m);
          setMall(m);
          setOpen(null);
        }}
      />
    ),
    open: (id: number) => setOpen(id),
  });
  return { mall, setOpen, view };
}

/** A shop as the map's answer has it: all of a plan's item but what the screen paints. */
type MapLocation = Omit<MapItem, "color" | "legend" | "figure">;

/**
 * A heat-map screen's state: its mall (useMapMall), the mall's map read with `read`, the view of it, and the
 * plan's items, every shop painted by `paint` (its colour, legend entry and figure).
 */
export function useHeatMap<D extends { malls: MapMall[]; mapaCalor: { locations: MapLocation[] } }>(
  // deno-lint-ignore no-explicit-any
  read: (mall: number) => UseQueryOptions<D, Error, D, any>,
  paint: (l: D["mapaCalor"]["locations"][number]) => Pick<MapItem, "color" | "legend" | "figure">,
) {
  const { mall, setOpen, view } = useMapMall();
  const map = useQuery(read(mall));
  const data = map.data;
  const items: MapItem[] = useMemo(
    () => (data?.mapaCalor.locations ?? []).map((l) => ({ ...l, ...paint(l) })),
    [data],
  );
  return { mall, setOpen, map, data, v: view<D["mapaCalor"]["locations"][number]>(data), items };
}

/**
 * A heat-map screen: the mall picker and the screen's own filters, the failure line, the mall's plan (or the
 * message saying it has nothing to show) and the opened shop's dialog (children).
 */
export function MapFrame(
  { view, filters, map, empty, plan, children }: {
    view: { picker: ReactNode; open: (id: number) => void };
    filters?: ReactNode;
    map: { isError: boolean; data?: { mallId: number; mapaCalor: { levels: MapLevel[] } } };
    /** Once read, the message instead of the plan (the mall has nothing to show), or null to draw the plan. */
    empty: string | null;
    plan: Omit<Parameters<typeof FloorMap>[0], "levels" | "onOpen">;
    children?: ReactNode;
  },
) {
  return (
    <div className="card maps-screen">
      <div className="maps-filters">
        {view.picker}
        {filters}
      </div>
      {map.isError && <p role="alert">Error, contactese con el administrador.</p>}
      {map.data && empty != null && <p>{empty}</p>}
      {map.data && empty == null && (
        <FloorMap
          key={map.data.mallId}
          {...plan}
          levels={map.data.mapaCalor.levels}
          onOpen={(i) => view.open(i.id)}
        />
      )}
      {children}
    </div>
  );
}

/** 'Local …': a shop's dialog, 'Cerrar' under its content unless it brings its own footer. */
export function LocalDialog(
  { code, width, onClose, footer, children }: {
    code: string;
    width: string;
    onClose: () => void;
    footer?: ReactNode;
    children: ReactNode;
  },
) {
  return (
    <DialogFrame header={`Local ${code}`} width={width} onClose={onClose}>
      {children}
      {footer ?? <CloseFooter onClose={onClose} />}
    </DialogFrame>
  );
}
