-- Schema for the library lending service.

CREATE TABLE members (
    id          SERIAL PRIMARY KEY,
    email       TEXT NOT NULL UNIQUE,
    joined_at   TIMESTAMP NOT NULL DEFAULT now()
);

-- Every physical copy of a book the library owns.
CREATE TABLE copies (
    id          SERIAL PRIMARY KEY,
    isbn        TEXT NOT NULL,
    shelf       TEXT
);

CREATE TABLE loans (
    id          SERIAL PRIMARY KEY,
    member_id   INTEGER NOT NULL REFERENCES members (id),
    copy_id     INTEGER NOT NULL REFERENCES copies (id),
    due_on      DATE NOT NULL,
    returned_on DATE
);

CREATE INDEX loans_due_idx ON loans (due_on);

-- Loans past their due date that have not come back yet.
CREATE VIEW overdue_loans AS
SELECT l.id, m.email, c.isbn, l.due_on
FROM loans l
JOIN members m ON m.id = l.member_id
JOIN copies c ON c.id = l.copy_id
WHERE l.returned_on IS NULL AND l.due_on < current_date;

CREATE FUNCTION late_fee(days_late INTEGER) RETURNS NUMERIC AS $$
BEGIN
    RETURN LEAST(days_late * 0.25, 10.00);
END;
$$ LANGUAGE plpgsql;
