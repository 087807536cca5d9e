// What the heat-map screens share: the mall they show (remembered for the session) with its picker, the shop
// opened from the plan, the mall's name for the plan's title, and the dialog a shop opens ('Local …').
import { type ReactNode, useState } from "react";
import type { MapMall } from "../../../../contract/maps.ts";
import { CloseFooter, DialogFrame } from "../../components/dialogs/dialog-frame.tsx";
import { MallPicker } from "../../components/mall-picker.tsx";
import { rememberedMall, rememberMall } from "./api.ts";

/**
 * The screen's mall and opened shop; once the mall's map is read, `view(data)` gives the opened shop, the
 * mall's name and the mall picker (a new mall closes the shop).
 */
export function useMapMall() {
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
  });
  return { mall, setOpen, view };
}

/** The map's failure line. */
export function MapError({ when }: { when: boolean }) {
  return when ? <p role="alert">Error, contactese con el administrador.</p> : null;
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
