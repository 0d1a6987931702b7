module com.example.orders {
    requires spring.boot;
    requires spring.boot.autoconfigure;
    requires spring.web;
    requires com.google.common;
    exports com.example.orders.api;
    exports com.example.orders.domain;
    opens com.example.orders.domain to com.fasterxml.jackson.databind;
}
