import { useEffect, useState } from 'react';

// Fetch the signed-in user's open orders and list them with their status.
export function OrderList({ api }) {
  const [orders, setOrders] = useState([]);
  useEffect(() => {
    api.get('/orders?status=open').then((response) => setOrders(response.data));
  }, [api]);
  return (
    <ul className="orders">
      {orders.map((order) => (
        <li key={order.id}>{order.number}: {order.status}</li>
      ))}
    </ul>
  );
}
