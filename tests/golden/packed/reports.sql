CREATE TABLE customers (id SERIAL PRIMARY KEY, email TEXT NOT NULL UNIQUE, created_at TIMESTAMP NOT NULL);
CREATE TABLE orders (id SERIAL PRIMARY KEY, customer_id INT REFERENCES customers(id), total_cents INT NOT NULL, placed_at TIMESTAMP NOT NULL);
CREATE VIEW monthly_revenue AS SELECT date_trunc('month', placed_at) AS month, sum(total_cents) / 100.0 AS revenue FROM orders GROUP BY 1;
CREATE VIEW dormant_customers AS SELECT c.email FROM customers c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND o.placed_at > now() - interval '1 year');
