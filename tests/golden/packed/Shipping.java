package shop;
/** Weight-based postage: a base fee plus a rate per kilogram. */
final class Postage {
    static double forWeight(double kilograms) { return 4.50 + 1.20 * Math.ceil(kilograms); }
}
/** Estimated delivery date: business days after dispatch, skipping weekends. */
final class DeliveryCalendar {
    static LocalDate estimate(LocalDate dispatched, int businessDays) {
        LocalDate d = dispatched;
        while (businessDays > 0) { d = d.plusDays(1); if (d.getDayOfWeek().getValue() < 6) businessDays--; }
        return d;
    }
}
/** The countries we deliver to. */
final class DeliveryZones {
    static boolean deliversTo(String countryCode) { return Set.of("NL", "BE", "DE", "FR").contains(countryCode); }
}
