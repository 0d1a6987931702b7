class User < ApplicationRecord
  has_secure_password

  has_many :posts, foreign_key: :author_id, inverse_of: :author
  has_many :follows, foreign_key: :followee_id
  has_many :followers, through: :follows, source: :follower

  normalizes :email, with: ->(email) { email.strip.downcase }
  validates :email, presence: true, uniqueness: true

  # Users who may edit any post.
  def admin?
    role == "admin"
  end
end
