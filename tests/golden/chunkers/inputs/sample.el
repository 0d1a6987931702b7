;;; shop.el --- A small shop  -*- lexical-binding: t -*-

;; Copyright (C) 2024 Jane

;;; Commentary:

;; Shop keeps a cart of items and checks them out against the
;; configured payment backend.

;;; Code:

(require 'cl-lib)

(defgroup shop nil
  "A small shop."
  :group 'tools)

(defcustom shop-cache-file "~/.shop-cache"
  "Where the shop keeps its cache of prices."
  :type 'file)

;;;###autoload
(defun shop-checkout (cart)
  "Check out CART: pay for its items, with a \"(\" in a string."
  (interactive (list (shop-current-cart)))
  (let ((c ?\())
    (message "paid %s" (shop-total cart))))

(defmacro shop-with-cart (var &rest body)
  "Run BODY with VAR bound to the current cart."
  `(let ((,var (shop-current-cart))) ,@body))

(cl-defmethod shop-total ((cart shop-cart))
  "The total price of CART's items."
  (apply #'+ (mapcar #'shop-item-price (shop-cart-items cart))))

(defvar-local shop--buffer-cart nil "The cart this buffer shows.")

(provide 'shop)
;;; shop.el ends here
