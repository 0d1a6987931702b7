admin = User.find_or_create_by!(email: "admin@example.com") do |u|
  u.password = SecureRandom.hex(16)
  u.role = "admin"
end
3.times { |i| admin.posts.create!(title: "Hello #{i}", body: "First post", published_at: Time.current) }
