/// Adds units of a product to the warehouse stock count.
pub fn restock(stock: &mut HashMap<String, u32>, sku: &str, units: u32) {
    *stock.entry(sku.to_string()).or_insert(0) += units;
}
/// Reserves units for an order, failing when there are not enough on the shelf.
pub fn reserve(stock: &mut HashMap<String, u32>, sku: &str, units: u32) -> Result<(), String> {
    let have = stock.get_mut(sku).ok_or("unknown sku")?;
    if *have < units { return Err("not enough stock".into()); }
    *have -= units;
    Ok(())
}
/// Lists the products whose stock fell below the reorder threshold.
pub fn low_stock(stock: &HashMap<String, u32>, threshold: u32) -> Vec<String> {
    stock.iter().filter(|(_, n)| **n < threshold).map(|(k, _)| k.clone()).collect()
}
