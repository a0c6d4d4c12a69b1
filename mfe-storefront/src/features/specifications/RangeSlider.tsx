/**
 * The slider of a number filter (antd's Slider, two handles). It loads after the page is
 * hydrated (lib/lazy-with-antd): the two inputs beside it are the server-rendered control.
 */
import { Slider } from 'antd';
import { useEffect, useState } from 'react';

export interface RangeSliderProps {
  min: number;
  max: number;
  step: number;
  value: [number, number];
  labels: [string, string];
  onApply(value: [number, number]): void;
}

export default function RangeSlider({ min, max, step, value, labels, onApply }: RangeSliderProps) {
  const [moving, setMoving] = useState(value);
  const [from, to] = value;
  useEffect(() => setMoving([from, to]), [from, to]);
  return (
    <Slider
      range
      min={min}
      max={max}
      step={step}
      value={moving}
      ariaLabelForHandle={labels}
      onChange={(next) => setMoving(next as [number, number])}
      onChangeComplete={(next) => onApply(next as [number, number])}
    />
  );
}
