import { Dropdown } from "primereact/dropdown";
import type { MapMall } from "../../../../contract/maps.ts";
import { rememberMall } from "./api.ts";

/** The map screens' mall selector; the choice is remembered for the session. */
export function MapMallPicker(props: { value: number; malls: MapMall[]; onChange: (mall: number) => void }) {
  return (
    <div className="field">
      <label htmlFor="map-mall">Mall</label>
      <Dropdown
        inputId="map-mall"
        value={props.value}
        options={props.malls}
        onChange={(e) => {
          if (typeof e.value !== "number") return;
          rememberMall(e.value);
          props.onChange(e.value);
        }}
        pt={{ trigger: { "aria-label": "Mall" } }}
        style={{ minWidth: "14rem" }}
      />
    </div>
  );
}
