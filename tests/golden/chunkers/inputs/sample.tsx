import React, { useState } from "react";

interface CounterProps {
  initial?: number;
  label: string;
}

/** A button that counts how often it was clicked. */
export function ClickCounter({ initial = 0, label }: CounterProps) {
  const [count, setCount] = useState(initial);
  return (
    <button className="counter" onClick={() => setCount(count + 1)}>
      {label}: {count}
    </button>
  );
}

export const Greeting = ({ name }: { name: string }) => (
  <p className="greeting">Hello, {name}! Welcome back to the dashboard.</p>
);

export default function App() {
  return (
    <main>
      <Greeting name="Ada" />
      <ClickCounter label="Clicks" />
    </main>
  );
}
