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

/** Shown when a station stops reporting. */
interface StationListener {
    fun onSilent(station: String)
}

enum class Trend {
    RISING,
    FALLING,
}

class Station(val name: String) {
    constructor(id: Int) : this("station-$id")

    companion object {
        /** The station used when none is configured. */
        fun default(): Station = Station("home")
    }
}

/** Rounds a temperature for display, as `21.5.rounded()`. */
fun Double.rounded(): Int = roundToInt()

fun <T : Reading> List<T>.warmest(): T? = maxByOrNull { it.celsius }
