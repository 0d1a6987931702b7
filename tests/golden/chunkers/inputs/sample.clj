(ns shop.core
  "The shop's core."
  (:require [clojure.string :as str]))

(def ^:private default-port 8080)

;; Parse a cart from its JSON text.
(defn ^String parse-cart
  "Parse `s` into a cart; nil when it is empty."
  [s]
  (when-not (str/blank? s)
    {:items (str/split s #",") :paren \( :quote \"}))

(defn- helper [x] (if (nil? x) :none x))

(defmacro with-cart [c & body] `(let [cart# ~c] ~@body))

(defprotocol Pricing
  (price [this] "The price of this."))

(defrecord Item [sku qty]
  Pricing
  (price [this] (* qty 2)))

(defmulti encode (fn [fmt _] fmt))

(defmethod encode :json [_ cart] (pr-str cart))
