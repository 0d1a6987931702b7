using System;
using System.Collections.Generic;

namespace Shop.Orders
{
    /// <summary>States an order moves through from checkout to delivery.</summary>
    public enum OrderState { Pending, Paid, Shipped, Delivered }

    public interface IOrderNotifier
    {
        void Notify(Order order, string message);
    }

    /// <summary>A customer order and the rules for moving it between states.</summary>
    public class Order
    {
        public Guid Id { get; } = Guid.NewGuid();
        public OrderState State { get; private set; } = OrderState.Pending;
        private readonly List<string> history = new();

        /// <summary>Mark the order as paid; only a pending order can be paid.</summary>
        public void MarkPaid()
        {
            if (State != OrderState.Pending)
                throw new InvalidOperationException($"cannot pay an order that is {State}");
            State = OrderState.Paid;
            history.Add($"paid at {DateTime.UtcNow:O}");
        }

        /// <summary>Ship a paid order and tell the customer about it.</summary>
        public void Ship(IOrderNotifier notifier)
        {
            if (State != OrderState.Paid)
                throw new InvalidOperationException("only paid orders can be shipped");
            State = OrderState.Shipped;
            notifier.Notify(this, "your order is on its way");
        }
    }

    public struct Money
    {
        public decimal Amount;
        public string Currency;
    }
}
