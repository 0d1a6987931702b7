package com.example.orders.domain;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a service method whose calls are written to the audit log, with the caller and,
 * when {@link #logArguments()} is true, the arguments.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Auditable {
    /** The action name written to the audit log. */
    String action();

    /** Whether the method's arguments are written too (never for payment data). */
    boolean logArguments() default false;
}
