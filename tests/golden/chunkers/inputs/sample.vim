" shop.vim - a small shop
if exists('g:loaded_shop')
  finish
endif
let g:loaded_shop = 1

" Check out the current cart: pay for its items
function! s:Checkout(cart) abort
  let total = 0
  for item in a:cart
    let total += item.price
  endfor
  return total
endfunction

function! shop#cart#Total(...) abort
  function! s:Inner() abort
    return 1
  endfunction
  return s:Inner() + len(a:000)
endfunc

" :ShopCheckout pays for the cart
command! -bar -nargs=* ShopCheckout
      \ call s:Checkout(get(b:, 'shop_cart', []))
exe 'command! -bang -nargs=? Gshop exe shop#cart#Total(<bang>0, <q-args>)'

nnoremap <silent> <Plug>(shop-checkout) :<C-U>ShopCheckout<CR>
