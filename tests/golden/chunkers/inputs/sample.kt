package com.example.weather

import kotlin.math.roundToInt

/** A temperature reading from one station. */
data class Reading(val station: String, val celsius: Double)

sealed interface Forecast {
    data class Sunny(val high: Int) : Forecast
    data class Rainy(val millimetres: Double) : Forecast
}

/** Converts and summarises readings for display. */
class WeatherReport(private val readings: List<Reading>) {

    /** Average temperature over all stations, rounded to whole degrees. */
    fun averageCelsius(): Int =
        if (readings.isEmpty()) 0 else readings.map { it.celsius }.average().roundToInt()

    /** The station that reported the highest temperature, if any. */
    fun hottestStation(): String? = readings.maxByOrNull { it.celsius }?.station
}

object Units {
    fun celsiusToFahrenheit(c: Double): Double = c * 9.0 / 5.0 + 32.0
}

fun describe(forecast: Forecast): String = when (forecast) {
    is Forecast.Sunny -> "sunny, up to ${forecast.high} degrees"
    is Forecast.Rainy -> "rain, about ${forecast.millimetres} mm"
}
